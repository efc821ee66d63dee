/**
 * The arithmetic of the console's own SVG charts (./svg-cartesian.tsx, ./svg-ring.tsx): axis ticks,
 * line paths and ring segments. Pure, so it is tested alone.
 */

/**
 * Ticks from 0 to a round maximum at or above `max`, about `count` steps of 1, 2, 3 or 5 times a power
 * of ten (as ECharts picks them), never finer than 1 (counts and yuan). An empty axis reads 0 to 1.
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1]
  const raw = max / count
  const power = 10 ** Math.floor(Math.log10(raw))
  const normal = raw / power
  const factor = normal <= 1 ? 1 : normal <= 2 ? 2 : normal <= 3 ? 3 : normal <= 5 ? 5 : 10
  const step = Math.max(1, factor * power)
  const top = Math.ceil(max / step - 1e-9) * step
  const ticks: number[] = []
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Math.round(value * 1e6) / 1e6)
  return ticks
}

type Point = readonly [number, number]
const round = (value: number) => Math.round(value * 10) / 10

/**
 * An SVG path through the points: straight segments, or a smooth curve (Catmull-Rom as Béziers,
 * `smoothness` 0–1) whose control points stay between `top` and `bottom` so it never dips below zero.
 */
export function linePath(points: readonly Point[], smoothness = 0, top = -Infinity, bottom = Infinity): string {
  if (points.length === 0) return ''
  const [first] = points as [Point]
  let path = `M${round(first[0])},${round(first[1])}`
  const clamp = (y: number) => Math.min(bottom, Math.max(top, y))
  const t = smoothness / 3
  for (let i = 1; i < points.length; i++) {
    const p1 = points[i - 1] as Point
    const p2 = points[i] as Point
    if (t === 0) {
      path += `L${round(p2[0])},${round(p2[1])}`
      continue
    }
    const p0 = points[i - 2] ?? p1
    const p3 = points[i + 1] ?? p2
    const c1: Point = [p1[0] + (p2[0] - p0[0]) * t, clamp(p1[1] + (p2[1] - p0[1]) * t)]
    const c2: Point = [p2[0] - (p3[0] - p1[0]) * t, clamp(p2[1] - (p3[1] - p1[1]) * t)]
    path += `C${round(c1[0])},${round(c1[1])} ${round(c2[0])},${round(c2[1])} ${round(p2[0])},${round(p2[1])}`
  }
  return path
}

/**
 * One segment of a ring centred at (cx, cy), from `start` to `end` (fractions of the turn, clockwise
 * from twelve o'clock), between radii `inner` and `outer`.
 */
export function ringSegment(cx: number, cy: number, inner: number, outer: number, start: number, end: number): string {
  // A whole turn drawn as one arc has the same start and end point: SVG draws nothing. Stop just short.
  const stop = end - start >= 1 ? start + 0.99999 : end
  const at = (radius: number, turn: number) => {
    const angle = turn * 2 * Math.PI - Math.PI / 2
    return `${round(cx + radius * Math.cos(angle))},${round(cy + radius * Math.sin(angle))}`
  }
  const large = stop - start > 0.5 ? 1 : 0
  return (
    `M${at(outer, start)}A${round(outer)},${round(outer)} 0 ${large} 1 ${at(outer, stop)}` +
    `L${at(inner, stop)}A${round(inner)},${round(inner)} 0 ${large} 0 ${at(inner, start)}Z`
  )
}

/** Which category a pointer at `x` is over: bands of equal width from `left`. */
export function bandAt(x: number, left: number, band: number, count: number): number {
  return Math.min(count - 1, Math.max(0, Math.floor((x - left) / band)))
}

let context: CanvasRenderingContext2D | null | undefined
/** The width of a label in pixels (a canvas measures it; an estimate where there is none, as in tests). */
export function textWidth(text: string, font: string): number {
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d')
    } catch {
      context = null
    }
  }
  if (!context) return text.length * 7
  context.font = font
  return context.measureText(text).width
}
