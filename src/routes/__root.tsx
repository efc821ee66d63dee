import { createRootRoute } from '@tanstack/react-router'
import { LoginInvalidGate } from '@/features/auth/login-invalid-gate'
import { RootLayout } from '@/features/shell/root-layout'
import { ServerErrorPage } from '@/features/shell/server-error-page'

export const Route = createRootRoute({
  component: () => <RootLayout modals={<LoginInvalidGate />} />,
  errorComponent: ServerErrorPage,
})
