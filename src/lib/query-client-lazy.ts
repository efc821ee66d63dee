import type { QueryClient } from '@tanstack/react-query'

/**
 * The console's one QueryClient, made on first need: the sign-in page (the first visit) never needs
 * TanStack Query, so its ~10 KB load with the console instead (bench/login-page.mjs's budget).
 */
let loading: Promise<QueryClient> | null = null
let made: QueryClient | null = null

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(({ createQueryClient }) => (made = createQueryClient()))
  return loading
}

/** The client if it was made already (nothing to clear or refresh otherwise). */
export const existingQueryClient = (): QueryClient | null => made
