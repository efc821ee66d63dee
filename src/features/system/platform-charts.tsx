import { useCallback } from 'react'
import type { System } from '@contract/system'
import { DEVICE_STATUS_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { formatCount } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import { wordFor } from '@/lib/words'
import type { ChartTheme } from '@/components/charts/chart'
import {
  baseOption,
  categoryAxis,
  horizontalBarAxes,
  legend,
  tooltip,
  valueAxis,
} from '@/components/charts/chart-style'
import { formatShanghaiTime } from '@contract/time'
import { ChartFigure } from './figure-card'

type Platform = System['platform']
const CHART_HEIGHT = 'h-64'
const clock = (iso: string) => formatShanghaiTime(iso).slice(11, 16)
/** The axis tooltip of a chart of counts. */
const countTooltip = (theme: ChartTheme, locale: Locale) => ({
  ...tooltip(theme, 'axis'),
  valueFormatter: (value: unknown) => formatCount(Number(value), locale),
})

/** Payments, refunds and tests per minute over the last hour, stacked: the platform's ingest rate. */
export function IngestChart({ ingest, locale }: { ingest: Platform['ingest']; locale: Locale }) {
  const empty = ingest.every((minute) => minute.payments + minute.refunds + minute.tests === 0)
  const option = useCallback(
    (theme: ChartTheme, locale: Locale) => {
      const series = (name: string, pick: (minute: Platform['ingest'][number]) => number, colour: number) => ({
        name,
        type: 'bar' as const,
        stack: 'events',
        data: ingest.map(pick),
        itemStyle: { color: theme.series[colour] },
        barMaxWidth: 10,
      })
      return {
        ...baseOption(theme),
        tooltip: countTooltip(theme, locale),
        legend: legend(theme),
        grid: { left: 4, right: 4, top: 36, bottom: 4, containLabel: true },
        xAxis: categoryAxis(
          theme,
          ingest.map((minute) => clock(minute.minute)),
        ),
        yAxis: valueAxis(theme, (count) => formatCount(count, locale)),
        series: [
          series(m.system_payments(), (minute) => minute.payments, 0),
          series(m.system_refunds(), (minute) => minute.refunds, 4),
          series(m.system_tests(), (minute) => minute.tests, 1),
        ],
      }
    },
    [ingest],
  )
  return (
    <ChartFigure
      title={m.system_ingest_title()}
      source="platform"
      note={m.system_ingest_note()}
      empty={empty}
      emptyText={m.system_ingest_empty()}
      className="@4xl:col-span-2"
      data-testid="system-ingest"
      option={option}
      chartClassName={CHART_HEIGHT}
      chartTestId="chart-ingest"
      summary={{
        columns: [m.system_minute(), m.system_payments(), m.system_refunds(), m.system_tests()],
        rows: ingest
          .filter((minute) => minute.payments + minute.refunds + minute.tests > 0)
          .map((minute) => [
            clock(minute.minute),
            formatCount(minute.payments, locale),
            formatCount(minute.refunds, locale),
            formatCount(minute.tests, locale),
          ]),
      }}
    />
  )
}

/** Devices online and offline in the markets with the most offline, one bar each. */
export function MarketDevicesChart({
  devices,
  markets,
  locale,
}: Pick<Platform, 'devices' | 'markets'> & { locale: Locale }) {
  const online = wordFor(DEVICE_STATUS_WORDS, 'online')
  const offline = wordFor(DEVICE_STATUS_WORDS, 'offline')
  const option = useCallback(
    (theme: ChartTheme, locale: Locale) => ({
      ...baseOption(theme),
      tooltip: countTooltip(theme, locale),
      legend: legend(theme),
      grid: { left: 4, right: 12, top: 36, bottom: 4, containLabel: true },
      // The most offline on top, as the list reads.
      ...horizontalBarAxes(
        theme,
        markets.map((market) => market.marketName),
        (count) => formatCount(count, locale),
      ),
      series: [
        {
          name: wordFor(DEVICE_STATUS_WORDS, 'offline'),
          type: 'bar' as const,
          stack: 'devices',
          data: markets.map((market) => market.offline),
          itemStyle: { color: theme.danger },
          barMaxWidth: 14,
        },
        {
          name: wordFor(DEVICE_STATUS_WORDS, 'online'),
          type: 'bar' as const,
          stack: 'devices',
          data: markets.map((market) => market.online),
          itemStyle: { color: theme.success },
          barMaxWidth: 14,
        },
      ],
    }),
    [markets],
  )
  return (
    <ChartFigure
      title={m.system_devices_title()}
      source="platform"
      note={m.system_devices_note({
        online: formatCount(devices.online, locale),
        bound: formatCount(devices.bound, locale),
      })}
      empty={markets.length === 0}
      emptyText={m.system_devices_empty()}
      data-testid="system-devices"
      option={option}
      chartClassName="h-72"
      chartTestId="chart-devices"
      summary={{
        columns: [m.system_market(), online, offline],
        rows: markets.map((market) => [
          market.marketName,
          formatCount(market.online, locale),
          formatCount(market.offline, locale),
        ]),
      }}
    />
  )
}
