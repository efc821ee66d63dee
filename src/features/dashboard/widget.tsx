import { useId, useRef, type ReactNode, type Ref, type RefObject } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { History } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import type { Locale } from '@/lib/locale'
import { AsyncState } from '@/components/async-state/async-state'
import { Button } from '@/components/ui/button'
import { useInView } from '@/components/charts/use-in-view'
import type { Scope } from './queries'

/** What the page gives every widget: the market in scope, the language, and its place in the grid. */
export type WidgetPlacement = { market: Scope; locale: Locale; className?: string }

type WidgetProps<T> = {
  title: string
  /** Beside the title: a switch, a live figure. */
  actions?: ReactNode
  query: UseQueryResult<T>
  /** Whether an answer has nothing to show (then `emptyText` stands where the content would). */
  isEmpty?: (data: T) => boolean
  emptyText?: string
  /** What loading looks like: the content's shape. */
  skeleton: ReactNode
  children: (data: T) => ReactNode
  className?: string
  'data-testid'?: string
  /** The card (`useWidgetInView`'s ref, for a widget whose data waits until it is in view). */
  ref?: Ref<HTMLElement>
}

/**
 * For a widget below the first screen: its ref and whether it has been in view yet, which its query
 * waits for (`enabled`), so a cold load asks only for what the first screen shows (issue 24 §3).
 */
export function useWidgetInView(): { ref: RefObject<HTMLElement | null>; inView: boolean } {
  const ref = useRef<HTMLElement>(null)
  return { ref, inView: useInView(ref) }
}

/**
 * One dashboard widget: a card with its title, and its query's state where the content goes — a
 * skeleton while loading, a failure with a retry, an empty state, or the content. A refresh that
 * fails keeps the earlier figures on screen and says so.
 */
export function Widget<T>({
  title,
  actions,
  query,
  isEmpty,
  emptyText,
  skeleton,
  children,
  className,
  'data-testid': testId,
  ref,
}: WidgetProps<T>) {
  const titleId = useId()
  const retry = () => void query.refetch()
  const data = query.data
  const state = data === undefined ? (query.isError ? 'error' : 'loading') : isEmpty?.(data) ? 'empty' : 'ready'

  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      className={cn(
        'flex min-w-0 flex-col rounded-lg border border-border bg-card text-card-foreground shadow-sm',
        className,
      )}
      data-testid={testId}
      data-state={state}
    >
      <header className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4 sm:px-5">
        <h2 id={titleId} className="text-base leading-tight font-semibold">
          {title}
        </h2>
        {actions}
      </header>
      {data !== undefined && query.isError && (
        <p
          role="alert"
          className="mx-4 mt-3 flex flex-wrap items-center gap-2 rounded bg-danger-subtle px-3 py-1.5 text-sm sm:mx-5"
        >
          <History aria-hidden className="size-4 shrink-0 text-danger" />
          <span>{m.dashboard_refresh_failed()}</span>
          <Button variant="outline" size="sm" className="ml-auto" onClick={retry}>
            {m.common_retry()}
          </Button>
        </p>
      )}
      <div className="flex min-w-0 flex-1 flex-col px-4 py-4 sm:px-5">
        {state === 'loading' && <AsyncState state="loading" skeleton={skeleton} onRetry={retry} />}
        {state === 'error' && <AsyncState state="error" error={query.error} onRetry={retry} />}
        {state === 'empty' && <AsyncState state="empty" emptyText={emptyText} className="flex-1 justify-center" />}
        {state === 'ready' && data !== undefined && children(data)}
      </div>
    </section>
  )
}
