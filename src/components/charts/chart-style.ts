import type { ChartTheme } from './chart-theme'
import type { ChartOption } from './engine'

/**
 * The pieces every chart's option shares, in the theme's colours: text, tooltip, legend and axes.
 * Type-only imports of ECharts: this module adds nothing to a page's bundle beyond itself.
 */

type Part<K extends keyof ChartOption> = Exclude<ChartOption[K], unknown[] | undefined>

export function baseOption(theme: ChartTheme): Pick<ChartOption, 'textStyle' | 'color' | 'animationDuration'> {
  return {
    textStyle: { fontFamily: theme.fontFamily, color: theme.text },
    color: theme.series,
    animationDuration: 300,
  }
}

export function tooltip(theme: ChartTheme, trigger: 'axis' | 'item'): Part<'tooltip'> {
  return {
    trigger,
    backgroundColor: theme.popover,
    borderColor: theme.border,
    textStyle: { color: theme.text, fontFamily: theme.fontFamily },
    // Inside the chart's box: on a phone a tooltip must not push the page sideways.
    confine: true,
  }
}

export function legend(theme: ChartTheme): Part<'legend'> {
  return { top: 0, textStyle: { color: theme.text }, inactiveColor: theme.border, itemWidth: 14, itemHeight: 8 }
}

/** A category axis (days, times) in the theme's colours. */
export function categoryAxis(theme: ChartTheme, data: string[]): Part<'xAxis'> {
  return {
    type: 'category',
    data,
    axisLine: { lineStyle: { color: theme.border } },
    axisTick: { show: false },
    axisLabel: { color: theme.muted, hideOverlap: true },
  }
}

/** A value axis; `formatter` writes its labels in the reader's language. */
export function valueAxis(
  theme: ChartTheme,
  formatter: (value: number) => string,
  options: { name?: string; grid?: boolean } = {},
): Part<'yAxis'> {
  return {
    type: 'value',
    name: options.name,
    nameTextStyle: { color: theme.muted, align: 'left' },
    axisLabel: { color: theme.muted, formatter },
    splitLine: { show: options.grid ?? true, lineStyle: { color: theme.border, type: 'dashed' } },
    minInterval: 1,
  }
}

/**
 * The axes of a horizontal bar chart: values along the bottom, one category a row down the side, the
 * first on top (lists read downwards); long names cut to `labelWidth` pixels.
 */
export function horizontalBarAxes(
  theme: ChartTheme,
  labels: string[],
  formatter: (value: number) => string,
  labelWidth = 120,
): Pick<ChartOption, 'xAxis' | 'yAxis'> {
  return {
    xAxis: {
      type: 'value',
      axisLabel: { color: theme.muted, formatter, hideOverlap: true },
      splitLine: { lineStyle: { color: theme.border, type: 'dashed' } },
      minInterval: 1,
    },
    yAxis: {
      type: 'category',
      data: labels,
      inverse: true,
      axisLine: { lineStyle: { color: theme.border } },
      axisTick: { show: false },
      axisLabel: { color: theme.muted, width: labelWidth, overflow: 'truncate' },
    },
  }
}
