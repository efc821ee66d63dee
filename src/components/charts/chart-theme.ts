import { useSyncExternalStore } from 'react'

/**
 * The colours charts paint with, read from the document's CSS variables: the ones src/lib/theme.ts
 * writes on <body> (the dark-theme attribute, the theme colour's 10-step palette). A canvas cannot
 * use CSS variables, so charts read them here and repaint when <body> changes.
 */
export type ChartTheme = {
  dark: boolean
  /** Titles, legend, tooltip text. */
  text: string
  /** Axis labels. */
  muted: string
  /** Axis and split lines. */
  border: string
  /** What the chart stands on (the card). */
  background: string
  /** Tooltip surface. */
  popover: string
  /** The theme colour's steps 1–10 (in the dark ramp when dark). */
  primary: string[]
  /** The primary colour as text and lines use it (readable on the background). */
  accent: string
  danger: string
  success: string
  /** Colours for categories, the theme colour first. */
  series: string[]
  fontFamily: string
}

/** Colours for categories after the theme colour (Arco's cyan, gold, purple, grey; lighter in the dark). */
const CATEGORY_COLOURS = {
  light: ['#0fc6c2', '#f7ba1e', '#722ed1', '#86909c', '#f77234'],
  dark: ['#3fd4cf', '#fadc6d', '#a871e3', '#a9aeb8', '#f99057'],
}

function readTheme(): ChartTheme {
  const style = getComputedStyle(document.body)
  const get = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  const dark = document.body.getAttribute('data-theme') === 'dark'
  const primary = Array.from({ length: 10 }, (_, i) => get(`--primary-${i + 1}`, '#165dff'))
  const accent = primary[dark ? 6 : 5] as string
  return {
    dark,
    text: get('--foreground', dark ? '#e5e6eb' : '#1d2129'),
    muted: get('--muted-foreground', dark ? '#a9aeb8' : '#4e5969'),
    border: get('--border', dark ? '#3a3a3c' : '#e5e6eb'),
    background: get('--card', dark ? '#232324' : '#ffffff'),
    popover: get('--popover', dark ? '#2a2a2b' : '#ffffff'),
    primary,
    accent,
    danger: get('--danger', '#cb2634'),
    success: get('--success', '#0e7a3a'),
    series: [accent, ...CATEGORY_COLOURS[dark ? 'dark' : 'light']],
    fontFamily: style.fontFamily || 'sans-serif',
  }
}

const themeKey = (theme: ChartTheme) => JSON.stringify(theme)

let current: ChartTheme | null = null
const listeners = new Set<() => void>()
let observer: MutationObserver | null = null

function refresh() {
  const next = readTheme()
  if (current && themeKey(current) === themeKey(next)) return
  current = next
  for (const listener of listeners) listener()
}

/** One observer of <body> for every chart on the page: the theme attribute, the palette, colour-weak. */
function subscribe(listener: () => void) {
  listeners.add(listener)
  if (!observer) {
    observer = new MutationObserver(refresh)
    observer.observe(document.body, { attributes: true, attributeFilter: ['style', 'data-theme', 'class'] })
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      observer?.disconnect()
      observer = null
      // Read afresh next time: the theme may change while no chart is on screen.
      current = null
    }
  }
}

function snapshot(): ChartTheme {
  current ??= readTheme()
  return current
}

/** The chart colours now; components re-render when the theme or its colour changes. */
export function useChartTheme(): ChartTheme {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
