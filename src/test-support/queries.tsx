import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactElement, ReactNode } from 'react'
import { vi, type Mock } from 'vitest'
import { api } from '@/lib/api-client'

/** A query client for a component test: no retries, so a failed request shows its state at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } })
}

/** The provider around a hook under test (`renderHook(…, { wrapper })`). */
export function queryWrapper(client: QueryClient = testQueryClient()) {
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>
  }
}

/** Renders `ui` in a fresh test query client, watching what it invalidates. */
export function renderWithQueries(ui: ReactElement) {
  const client = testQueryClient()
  const invalidated = vi.spyOn(client, 'invalidateQueries')
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>)
  return { client, invalidated }
}

/**
 * `api()` in a test file that mocks '@/lib/api-client' with `api: vi.fn()`: generic over every route
 * in the app, here it answers whatever the test says.
 */
export const mockedApi = () => api as unknown as Mock<(...args: unknown[]) => Promise<unknown>>
