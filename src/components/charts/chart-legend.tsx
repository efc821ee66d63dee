import { cn } from '@/lib/cn'
import { useChartTheme } from './chart-theme'

export type LegendEntry = {
  name: string
  color: string
  shape: 'bar' | 'line' | 'ring'
  active: boolean
  note?: string
}

/**
 * The legend of the console's SVG charts, as ECharts draws its own: a mark and a name for each series,
 * centred, wrapping on a narrow card; a click hides or shows the series (greyed when hidden). Inside the
 * chart's box, which screen readers skip: its table says the same.
 */
export function ChartLegend({
  entries,
  onToggle,
  className,
}: {
  entries: LegendEntry[]
  onToggle: (name: string) => void
  className?: string
}) {
  const theme = useChartTheme()
  return (
    <div className={cn('flex flex-wrap justify-center gap-x-2.5 gap-y-1 px-1 pt-1 text-xs', className)}>
      {entries.map((entry) => {
        const colour = entry.active ? entry.color : theme.border
        return (
          <button
            key={entry.name}
            type="button"
            tabIndex={-1}
            className="flex cursor-pointer items-center gap-1.5 leading-[14px]"
            style={{ color: entry.active ? theme.text : theme.border }}
            onClick={() => onToggle(entry.name)}
          >
            {entry.shape === 'line' ? (
              <svg width={14} height={8} aria-hidden>
                <line x1={0} x2={14} y1={4} y2={4} stroke={colour} strokeWidth={2} />
                <circle cx={7} cy={4} r={3} fill={theme.background} stroke={colour} strokeWidth={1.5} />
              </svg>
            ) : (
              <span className="block h-2 w-3.5 rounded-[2px]" style={{ backgroundColor: colour }} />
            )}
            {entry.note ? `${entry.name} ${entry.note}` : entry.name}
          </button>
        )
      })}
    </div>
  )
}
