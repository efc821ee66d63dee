import { describe, expect, it } from 'vitest'
import { bandAt, linePath, niceTicks, ringSegment } from './svg-geometry'

describe('the SVG charts arithmetic', () => {
  it('ticks an axis in round steps from zero past its largest value', () => {
    expect(niceTicks(37_800)).toEqual([0, 10_000, 20_000, 30_000, 40_000])
    expect(niceTicks(1_820)).toEqual([0, 500, 1_000, 1_500, 2_000])
    expect(niceTicks(25)).toEqual([0, 5, 10, 15, 20, 25])
    // Never finer than 1 (counts), and an empty axis still reads 0 to 1.
    expect(niceTicks(1)).toEqual([0, 1])
    expect(niceTicks(0)).toEqual([0, 1])
  })

  it('draws straight or smooth lines, the curve kept inside the plot', () => {
    expect(
      linePath([
        [0, 10],
        [10, 20],
        [20, 10],
      ]),
    ).toBe('M0,10L10,20L20,10')
    const smooth = linePath(
      [
        [0, 100],
        [10, 0],
        [20, 100],
        [30, 100],
      ],
      0.5,
      0,
      100,
    )
    expect(smooth.startsWith('M0,100C')).toBe(true)
    const ys = [...smooth.matchAll(/[ C](-?[\d.]+),(-?[\d.]+)/g)].map((match) => Number(match[2]))
    expect(Math.max(...ys)).toBeLessThanOrEqual(100)
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0)
    expect(linePath([])).toBe('')
  })

  it('cuts a ring into segments clockwise from twelve o’clock, a whole turn included', () => {
    expect(ringSegment(50, 50, 20, 40, 0, 0.25)).toBe('M50,10A40,40 0 0 1 90,50L70,50A20,20 0 0 0 50,30Z')
    expect(ringSegment(50, 50, 20, 40, 0, 0.75)).toContain('A40,40 0 1 1')
    expect(ringSegment(50, 50, 20, 40, 0, 1)).not.toBe(ringSegment(50, 50, 20, 40, 0, 0))
  })

  it('finds the category under the pointer, clamped to the plot', () => {
    expect(bandAt(35, 10, 10, 5)).toBe(2)
    expect(bandAt(-5, 10, 10, 5)).toBe(0)
    expect(bandAt(500, 10, 10, 5)).toBe(4)
  })
})
