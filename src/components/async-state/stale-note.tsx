import { History } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { Button } from '@/components/ui/button'
import { passesWhenReachable } from './failure-kind'
import { failureWords } from './failure-words'
import { useRetryWhenReachable } from './use-retry-when-reachable'
import type { ListResult } from './use-list-result'

type StaleNoteProps = { stale: ListResult<unknown>['stale']; error: unknown; onRetry: () => void; className?: string }

/**
 * Says that the rows below are an earlier answer: while the new one loads (announced politely), or
 * after it failed (announced at once, with what went wrong and a retry, done unasked when the failure
 * was the connection and it returns). The status region is always rendered so screen readers hear it
 * change.
 */
export function StaleNote({ stale, error, onRetry, className }: StaleNoteProps) {
  const failure = stale === 'failed' ? failureWords(error) : null
  useRetryWhenReachable(failure !== null && passesWhenReachable(failure.kind), error, onRetry)
  const Icon = failure?.icon
  return (
    <>
      <div role="status" aria-live="polite" className={cn(stale !== 'loading' && 'sr-only', className)}>
        {stale === 'loading' && (
          <p className="flex items-center gap-2 bg-muted px-3 py-2 text-sm text-foreground" data-testid="stale-note">
            <History aria-hidden className="size-4 shrink-0" />
            {m.list_stale_loading()}
          </p>
        )}
      </div>
      {failure && Icon && (
        <div
          role="alert"
          className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 bg-danger-subtle px-3 py-2 text-sm', className)}
          data-testid="stale-note"
          data-failure={failure.kind}
        >
          <Icon aria-hidden className="size-4 shrink-0 text-danger" />
          <span className="font-medium text-foreground">{failure.title}</span>
          <span>{m.list_stale_failed()}</span>
          <Button variant="outline" size="sm" className="ml-auto" onClick={onRetry}>
            {m.common_retry()}
          </Button>
        </div>
      )}
    </>
  )
}
