import { queryOptions, useQuery } from '@tanstack/react-query'
import { LICENCE_STATES, type LicenceState } from '@contract/licence-state'
import type { LicenceCounts } from '@contract/licences'
import { LICENCE_STATE_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { api } from '@/lib/api-client'
import { wordFor } from '@/lib/words'
import { CountTiles, CountTilesSkeleton, type CountTile } from './count-tiles'
import { dashboardKeys, type Scope } from './queries'
import { Widget, whenInView, type WidgetFrame, type WidgetPlacement } from './widget'

/**
 * The scope's active merchants by the worse of their licences (issue 26 §1), each count opening the
 * merchant list filtered to that state. Kept in its own file (its query too) so the Workplace's
 * shared files only place it. No live event moves these: states change with the day and the forms.
 */
const licenceCountsQuery = (market: Scope) =>
  queryOptions({
    queryKey: [...dashboardKeys.scope(market), 'licences'] as const,
    queryFn: ({ signal }) => api('/licences/counts', '$get', { query: { market: market ?? undefined } }, { signal }),
  })

/** Expired and missing need someone; expiring soon will. */
const ALERTS: ReadonlySet<LicenceState> = new Set(['expired', 'missing'])

function tilesOf(counts: LicenceCounts, market: string | undefined): CountTile[] {
  return LICENCE_STATES.map((state) => ({
    key: `licence-${state}`,
    label: wordFor(LICENCE_STATE_WORDS, state),
    count: counts[state],
    alert: ALERTS.has(state),
    link: { to: '/merchant', search: { licence: state, status: 'active', market } },
  }))
}

const frame = (): WidgetFrame => ({
  title: m.dashboard_licences_title(),
  skeleton: <CountTilesSkeleton count={4} />,
  'data-testid': 'widget-licences',
})

export const LicenceCountsWidget = whenInView(frame, LicenceCounts)

function LicenceCounts({ market, locale, className }: WidgetPlacement) {
  const query = useQuery(licenceCountsQuery(market))
  return (
    <Widget {...frame()} query={query} className={className}>
      {(counts) => <CountTiles tiles={tilesOf(counts, market ?? undefined)} locale={locale} />}
    </Widget>
  )
}
