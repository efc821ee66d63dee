import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { formatShanghaiTime } from '@contract/time'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { routeTitle } from '@/lib/route-meta'
import { AsyncState } from '@/components/async-state/async-state'
import { preloadCharts } from '@/components/charts/chart'
import { Skeleton } from '@/components/ui/skeleton'
import { RefusalsChart, SlowRoutesChart } from './instance-charts'
import { IngestChart, MarketDevicesChart } from './platform-charts'
import { systemQuery } from './queries'

/**
 * System (issue 23 §2, OFFICIAL): what an operator watches — the platform's ingest rate and devices
 * online per market (from the database), and this instance's refusals and slowest routes (its own
 * counters, labelled so). One request, read again every 15 s (./queries.ts says why not per event).
 */
export function SystemPage() {
  // The page redraws in the new language when it changes; the charts too.
  const locale = useLocale()
  const query = useQuery(systemQuery())
  // The chart engine downloads beside the request, not after its answer.
  useEffect(preloadCharts, [])
  const data = query.data
  const retry = () => void query.refetch()

  return (
    <div className="@container space-y-4" data-testid="system">
      <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold">{routeTitle('System')}</h1>
          <p className="max-w-prose text-sm text-muted-foreground">{m.system_subtitle()}</p>
        </div>
        {data && (
          <p className="text-sm text-muted-foreground" data-testid="system-as-of">
            {m.system_refreshes({ time: formatShanghaiTime(data.asOf).slice(11) })}
          </p>
        )}
      </header>
      {!data && query.isError && <AsyncState state="error" error={query.error} onRetry={retry} />}
      {!data && !query.isError && (
        <AsyncState
          state="loading"
          onRetry={retry}
          skeleton={
            <div className="grid grid-cols-1 gap-4 @4xl:grid-cols-2">
              <Skeleton className="h-80 @4xl:col-span-2" />
              <Skeleton className="h-80" />
              <Skeleton className="h-80" />
            </div>
          }
        />
      )}
      {data && (
        <>
          {query.isError && (
            <AsyncState state="error" size="compact" error={query.error} onRetry={retry} className="rounded border" />
          )}
          <div className="grid grid-cols-1 gap-4 @4xl:grid-cols-2">
            <IngestChart ingest={data.platform.ingest} locale={locale} />
            <MarketDevicesChart devices={data.platform.devices} markets={data.platform.markets} locale={locale} />
            <RefusalsChart instance={data.thisInstance} locale={locale} />
            <SlowRoutesChart instance={data.thisInstance} locale={locale} />
          </div>
          <p className="text-xs text-muted-foreground" data-testid="system-instance">
            {m.system_this_instance()}:{' '}
            {m.system_instance_since({
              instance: data.thisInstance.instance,
              time: formatShanghaiTime(data.thisInstance.startedAt),
            })}
          </p>
        </>
      )}
    </div>
  )
}
