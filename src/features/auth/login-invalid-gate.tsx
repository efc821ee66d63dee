import { lazy, Suspense } from 'react'
import { loginInvalidStore } from '@/lib/request-errors'
import { useSelector } from '@tanstack/react-store'

const LoginInvalidModal = lazy(() =>
  import('./login-invalid-modal').then((module) => ({ default: module.LoginInvalidModal })),
)

/** Loads the re-login modal only once a call answers 1001. */
export function LoginInvalidGate() {
  const open = useSelector(loginInvalidStore)
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <LoginInvalidModal />
    </Suspense>
  )
}
