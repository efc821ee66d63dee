import type { ReactNode } from 'react'
import { Inbox, Loader2 } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { Button } from '@/components/ui/button'
import { passesWhenReachable } from './failure-kind'
import { failureWords } from './failure-words'
import { useRetryWhenReachable } from './use-retry-when-reachable'
import { useSlow } from './use-slow'

type AsyncStateProps = {
  state: 'loading' | 'empty' | 'error'
  /** The failure, for `error`: its kind decides the words. */
  error?: unknown
  /** Offered on a failure, and on a load that is taking too long. */
  onRetry?: (() => void) | undefined
  /** What loading looks like: a skeleton of the content it stands in for. Default: a spinner. */
  skeleton?: ReactNode
  emptyText?: string
  /** `compact` fits a popover or a table's stale-rows banner; `regular` fills where a list or page goes. */
  size?: 'compact' | 'regular'
  className?: string
}

/**
 * Loading, empty or failed, said where the data would be: one component for tables, lists and
 * pages. A failure names its kind (offline, server unreachable, timeout, server error, other) and
 * offers a retry, and retries by itself when the connection returns; a load that takes longer than
 * usual says so and offers a retry too.
 */
export function AsyncState({
  state,
  error,
  onRetry,
  skeleton,
  emptyText,
  size = 'regular',
  className,
}: AsyncStateProps) {
  const slow = useSlow(state === 'loading')
  const failure = state === 'error' ? failureWords(error) : null
  useRetryWhenReachable(failure !== null && passesWhenReachable(failure.kind), error, onRetry)
  const padding = size === 'compact' ? 'gap-1.5 p-3 text-sm' : 'gap-2 px-4 py-10 text-sm'
  const retry = onRetry && (
    <Button variant="outline" size="sm" className="mt-1" onClick={onRetry}>
      {m.common_retry()}
    </Button>
  )

  if (state === 'loading') {
    return (
      <LoadingState className={className} skeleton={skeleton} padding={padding}>
        {slow && (
          <span className={cn('flex flex-col items-center text-center', padding)}>
            <span>{m.state_slow()}</span>
            {retry}
          </span>
        )}
      </LoadingState>
    )
  }

  if (state === 'empty') {
    return (
      <div
        className={cn('flex flex-col items-center text-center text-muted-foreground', padding, className)}
        data-state="empty"
      >
        <Inbox aria-hidden className={size === 'compact' ? 'size-6' : 'size-8'} />
        <p>{emptyText ?? m.state_empty()}</p>
      </div>
    )
  }

  if (!failure) return null
  const Icon = failure.icon
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-center text-center', padding, className)}
      data-state="error"
      data-failure={failure.kind}
    >
      <Icon aria-hidden className={cn('text-danger', size === 'compact' ? 'size-5' : 'size-8')} />
      <p className="font-medium text-foreground">{failure.title}</p>
      <p className="max-w-prose text-muted-foreground">{failure.description}</p>
      {retry}
    </div>
  )
}

/**
 * Loading, as the page says it: the content's skeleton (or a spinner) and "loading" for screen readers.
 * Alone (no "this is slow" after a while) for what is not loading yet: a widget waiting to be in view.
 */
export function LoadingState({
  skeleton,
  className,
  padding = 'gap-2 px-4 py-10 text-sm',
  children,
}: {
  skeleton?: ReactNode
  className?: string | undefined
  padding?: string
  children?: ReactNode
}) {
  return (
    <div role="status" aria-live="polite" className={cn('text-muted-foreground', className)} data-state="loading">
      <span className="sr-only">{m.common_loading()}</span>
      {skeleton ?? (
        <span className={cn('flex items-center justify-center', padding)}>
          <Loader2 aria-hidden className="size-5 animate-spin" />
        </span>
      )}
      {children}
    </div>
  )
}
