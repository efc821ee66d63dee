import { useId, useRef, type ComponentType, type ReactNode, type Ref } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { History } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import type { Locale } from '@/lib/locale'
import { AsyncState, LoadingState } from '@/components/async-state/async-state'
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
}: WidgetProps<T>) {
  const retry = () => void query.refetch()
  const data = query.data
  const state = data === undefined ? (query.isError ? 'error' : 'loading') : isEmpty?.(data) ? 'empty' : 'ready'

  return (
    <WidgetCard title={title} actions={actions} className={className} data-testid={testId} state={state}>
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
    </WidgetCard>
  )
}

/** The card every widget is: its title (naming the section) and actions above what it shows. */
function WidgetCard({
  title,
  actions,
  className,
  'data-testid': testId,
  state,
  ref,
  children,
}: {
  title: string
  actions?: ReactNode
  className?: string | undefined
  'data-testid'?: string | undefined
  state: string
  ref?: Ref<HTMLElement> | undefined
  children: ReactNode
}) {
  const titleId = useId()
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
      {children}
    </section>
  )
}

/** What a widget's card shows before its figures: its title, what loading looks like, its test id. */
export type WidgetFrame = { title: string; skeleton: ReactNode; 'data-testid': string; actions?: ReactNode }

/**
 * A widget below the first screen: until it has been in view, only its card as it looks while loading
 * (no query, none of the widget's code run: the six below took 0.06 MB of the Workplace's heap,
 * issue 24); then the widget itself, which asks for its figures at once.
 */
export function WidgetWhenInView({
  frame,
  className,
  children,
}: {
  frame: WidgetFrame
  className?: string | undefined
  children: ReactNode
}) {
  const ref = useRef<HTMLElement>(null)
  const inView = useInView(ref)
  if (inView) return children
  return (
    <WidgetCard
      title={frame.title}
      actions={frame.actions}
      className={className}
      data-testid={frame['data-testid']}
      state="loading"
      ref={ref}
    >
      <div className="flex min-w-0 flex-1 flex-col px-4 py-4 sm:px-5">
        <LoadingState skeleton={frame.skeleton} />
      </div>
    </WidgetCard>
  )
}

/** A below-the-first-screen widget as the Workplace places it: its card until in view, then `Widget`. */
export function whenInView(frame: () => WidgetFrame, Widget: ComponentType<WidgetPlacement>) {
  return function WidgetInView(placement: WidgetPlacement) {
    return (
      <WidgetWhenInView frame={frame()} className={placement.className}>
        <Widget {...placement} />
      </WidgetWhenInView>
    )
  }
}
