import { createRootRouteWithContext } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { LoginInvalidGate } from '@/features/auth/login-invalid-gate'
import { RootLayout } from '@/features/shell/root-layout'
import { ServerErrorPage } from '@/features/shell/server-error-page'

export type RouterContext = { queryClient: QueryClient }

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => <RootLayout modals={<LoginInvalidGate />} />,
  errorComponent: ServerErrorPage,
})
