import { m } from '@/paraglide/messages'
import { Skeleton } from '@/components/ui/skeleton'

/**
 * A page that is still loading (its code or its data), drawn where the page goes: a title, a toolbar
 * and rows. The router shows it inside the shell, so menu, navbar and tabs stay usable meanwhile.
 */
export function PageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-4" data-testid="page-skeleton">
      <span className="sr-only">{m.common_loading()}</span>
      <Skeleton className="h-7 w-48" />
      <div className="space-y-3 rounded-lg border border-border bg-card p-4">
        <Skeleton className="h-9 w-full max-w-sm" />
        {[0, 1, 2, 3, 4, 5].map((row) => (
          <Skeleton key={row} className="h-5 w-full" />
        ))}
      </div>
    </div>
  )
}
