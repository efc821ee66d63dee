import { ChevronRight, OctagonAlert } from 'lucide-react'
import { cn } from '@/lib/cn'
import { formatCount } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import type { LinkProps } from '@tanstack/react-router'
import { PageLink, type PageLinkTarget } from '@/components/page-link'
import { Skeleton } from '@/components/ui/skeleton'

/** One count of the market's own work (complaints by state, licences by state) and where it leads. */
export type CountTile = {
  key: string
  label: string
  count: number
  /** A count above zero that needs someone now (overdue, expired). */
  alert?: boolean
  /** The list filtered to exactly these records, in the Workplace's market scope. */
  link: LinkProps
}

/**
 * A row of counts, each a link to the list it counts: the Workplace's view of work waiting. A count
 * that needs someone stands out by colour and by its weight, not colour alone; zero never does.
 */
export function CountTiles({ tiles, locale }: { tiles: readonly CountTile[]; locale: Locale }) {
  return (
    <ul className="m-0 grid list-none grid-cols-2 gap-2 p-0 @sm:grid-cols-3" data-testid="count-tiles">
      {tiles.map((tile) => {
        const loud = tile.count > 0 && tile.alert === true
        return (
          <li key={tile.key}>
            <PageLink
              // Checked where the tiles are made, as a router Link's props.
              link={tile.link as PageLinkTarget}
              data-testid={`count-${tile.key}`}
              data-value={tile.count}
              className={cn(
                'group flex min-w-0 flex-col gap-1 rounded-md border px-3 py-2.5 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                loud ? 'border-danger bg-danger-subtle' : 'border-border',
              )}
            >
              <span className="flex items-center justify-between gap-1 text-sm text-muted-foreground">
                <span className="truncate">{tile.label}</span>
                <ChevronRight aria-hidden className="size-4 shrink-0 opacity-60 group-hover:opacity-100" />
              </span>
              <span
                className={cn('flex items-center gap-1.5 text-xl font-semibold tabular-nums', loud && 'text-danger')}
              >
                {loud && <OctagonAlert aria-hidden className="size-5 shrink-0" />}
                {formatCount(tile.count, locale)}
              </span>
            </PageLink>
          </li>
        )
      })}
    </ul>
  )
}

/** The tiles' shape while their counts load. */
export function CountTilesSkeleton({ count }: { count: number }) {
  return (
    <div className="grid grid-cols-2 gap-2 @sm:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-[4.25rem]" />
      ))}
    </div>
  )
}
