import { lazy, Suspense } from 'react'
import { loginInvalidStore } from '@/lib/request-errors'
import { useStore } from '@/lib/store'

const LoginInvalidModal = lazy(() => import('./login-invalid-modal').then((module) => ({ default: module.LoginInvalidModal })))

/** Loads the re-login modal only once a call answers 1001. */
export function LoginInvalidGate() {
  const open = useStore(loginInvalidStore)
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <LoginInvalidModal />
    </Suspense>
  )
}
