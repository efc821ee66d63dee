import { useQuery } from '@tanstack/react-query'
import { m } from '@/paraglide/messages'
import { CountTiles, CountTilesSkeleton, type CountTile } from './count-tiles'
import { complaintCountsQuery, type ComplaintCounts } from './queries'
import { Widget, whenInView, type WidgetFrame, type WidgetPlacement } from './widget'

/** Each count opens the complaint list filtered to it, in the Workplace's market. */
function tilesOf(counts: ComplaintCounts, market: string | undefined): CountTile[] {
  return [
    {
      key: 'received',
      label: m.dashboard_complaints_received(),
      count: counts.received,
      link: { to: '/complaint', search: { state: 'received', market } },
    },
    {
      key: 'handling',
      label: m.dashboard_complaints_handling(),
      count: counts.handling,
      link: { to: '/complaint', search: { state: 'handling', market } },
    },
    {
      key: 'overdue',
      label: m.dashboard_complaints_overdue(),
      count: counts.overdue,
      alert: true,
      link: { to: '/complaint', search: { overdue: 'yes', market } },
    },
  ]
}

/** The scope's open complaints: new, being handled, and overdue (issue 26 §2). */
const frame = (): WidgetFrame => ({
  title: m.dashboard_complaints_title(),
  skeleton: <CountTilesSkeleton count={3} />,
  'data-testid': 'widget-complaints',
})

export const ComplaintCountsWidget = whenInView(frame, ComplaintCounts)

function ComplaintCounts({ market, locale, className }: WidgetPlacement) {
  const query = useQuery(complaintCountsQuery(market))
  return (
    <Widget {...frame()} query={query} className={className}>
      {(counts) => <CountTiles tiles={tilesOf(counts, market ?? undefined)} locale={locale} />}
    </Widget>
  )
}
