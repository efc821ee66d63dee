import { useEffect } from 'react'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { AsyncState } from './async-state'
import { isCodeLoadFailure, reloadForMissingCode } from './failure-kind'

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
      onRetry={() => (isCodeLoadFailure(error) && reloadForMissingCode(error) ? undefined : void router.invalidate())}
      className="rounded-lg border border-border bg-card"
    />
  )
}
