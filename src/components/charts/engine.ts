import { BarChart, LineChart, PieChart } from 'echarts/charts'
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import { init, use as register, type ComposeOption } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'

/**
 * ECharts as the console uses it: the core, the three chart types and three components it draws,
 * on canvas (tree-shaken: everything else stays out of the bundle). Loaded on demand by ./chart.tsx,
 * so only pages that draw a chart download it.
 */
register([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

/** What a chart's option may hold: the pieces registered above. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>

export { init }
