import { useEffect } from 'react'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { AsyncState } from './async-state'
import { isCodeLoadFailure } from './failure-kind'

/**
 * A page whose code did not arrive loads again from a fresh page: the browser may keep a failed
 * `import()` for the life of the page, so running the loaders again would fail the same way. At most
 * once a minute per failure (session storage), so code that is really missing cannot reload in a
 * loop; tabs and drafts are kept in session storage and survive the reload.
 */
function reloadOnce(error: Error): boolean {
  const key = `ds-reloaded:${error.message}`
  try {
    if (Date.now() - Number(sessionStorage.getItem(key)) < 60_000) return false
    sessionStorage.setItem(key, String(Date.now()))
  } catch {
    return false
  }
  window.location.reload()
  return true
}

/**
 * A page that failed to load, said where the page goes: the shell around it stays, and retry runs
 * the page's loaders again. Loaded on first use (src/router.ts), not with the sign-in page.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()
  // Queries that failed inside the page start over rather than rethrowing their old error.
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary])
  return (
    <AsyncState
      state="error"
      error={error}
      onRetry={() => (isCodeLoadFailure(error) && reloadOnce(error) ? undefined : void router.invalidate())}
      className="rounded-lg border border-border bg-card"
    />
  )
}
