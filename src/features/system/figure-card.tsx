import type { ComponentProps, ReactNode } from 'react'
import { m } from '@/paraglide/messages'
import { AsyncState } from '@/components/async-state/async-state'
import { Chart } from '@/components/charts/chart'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

type FigureCardProps = {
  title: string
  /** Where the figures come from: the platform's database, or this instance's own counters. */
  source: 'platform' | 'instance'
  note: string
  /** Nothing to draw: `emptyText` stands where the chart would. */
  empty: boolean
  emptyText: string
  children: ReactNode
  className?: string
  'data-testid'?: string
}

/** One of the System page's figures: the kit's card, its source said beside the title. */
function FigureCard({ title, source, note, empty, emptyText, children, className, ...rest }: FigureCardProps) {
  return (
    <Card className={className} data-testid={rest['data-testid']} data-source={source}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{title}</CardTitle>
          <Badge variant={source === 'instance' ? 'default' : 'muted'}>
            {source === 'instance' ? m.system_this_instance() : m.system_platform()}
          </Badge>
        </div>
        <CardDescription>{note}</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0 flex-1">
        {empty ? <AsyncState state="empty" emptyText={emptyText} className="py-8" /> : children}
      </CardContent>
    </Card>
  )
}

type ChartFigureProps = Omit<FigureCardProps, 'children'> & {
  option: ComponentProps<typeof Chart>['option']
  summary: ComponentProps<typeof Chart>['summary']
  /** The chart's height (h-64). */
  chartClassName: string
  chartTestId: string
}

/** A figure that is one chart, named by the card's title. */
export function ChartFigure({ option, summary, chartClassName, chartTestId, ...card }: ChartFigureProps) {
  return (
    <FigureCard {...card}>
      <Chart
        label={card.title}
        option={option}
        className={chartClassName}
        data-testid={chartTestId}
        summary={summary}
      />
    </FigureCard>
  )
}
