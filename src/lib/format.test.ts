import { describe, expect, it } from 'vitest'
import { formatChange, formatCount, formatDay, formatShare, formatYuan, formatYuanCompact } from './format'

describe('money', () => {
  it('shows integer fen as yuan with two decimals and grouped digits, in both languages', () => {
    expect(formatYuan(123_456_789, 'en-US')).toBe('¥1,234,567.89')
    expect(formatYuan(123_456_789, 'zh-CN')).toBe('¥1,234,567.89')
    expect(formatYuan(0, 'en-US')).toBe('¥0.00')
    expect(formatYuan(5, 'en-US')).toBe('¥0.05')
    expect(formatYuan(-1_005, 'en-US')).toBe('-¥10.05')
  })

  it('gives back exactly the fen for amounts a float cannot hold exactly', () => {
    // 10.05, 0.29, 1.15… are not binary fractions; rounding to two decimals must still land on them, up to
    // a trillion yuan (a province's year of trade).
    for (const fen of [1_005, 29, 115, 1_234_567_895, 100_000_000_000_01])
      expect(formatYuan(fen, 'en-US').replace(/[¥,]/g, '')).toBe(
        `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`,
      )
  })

  it('writes chart axes short, as each language counts', () => {
    expect(formatYuanCompact(12_345_600, 'en-US')).toBe('123.5K')
    expect(formatYuanCompact(12_345_600, 'zh-CN')).toBe('12.3万')
  })
})

describe('counts and shares', () => {
  it('groups digits and rounds shares to one decimal', () => {
    expect(formatCount(1_234_567, 'en-US')).toBe('1,234,567')
    expect(formatShare(0.2567, 'zh-CN')).toBe('25.7%')
  })

  it('writes a Shanghai day short in the language', () => {
    expect(formatDay('2026-11-23', 'en-US')).toBe('Nov 23')
    expect(formatDay('2026-11-23', 'zh-CN')).toBe('11月23日')
    // A calendar day, not an instant: the same day whatever the machine's zone.
    expect(formatDay('2026-01-01', 'en-US')).toBe('Jan 1')
  })
})

describe('change against yesterday', () => {
  it('is an unsigned percentage with its direction', () => {
    expect(formatChange(120, 100, 'en-US')).toEqual({ direction: 'up', text: '20%', fraction: 0.2 })
    expect(formatChange(75, 100, 'en-US')).toEqual({ direction: 'down', text: '25%', fraction: -0.25 })
    expect(formatChange(1, 3, 'zh-CN').text).toBe('66.7%')
  })

  it('is level when it rounds to no change', () => {
    expect(formatChange(100, 100, 'en-US').direction).toBe('flat')
    expect(formatChange(100_001, 100_000, 'en-US')).toMatchObject({ direction: 'flat', text: '0%' })
  })

  it('is "—" when yesterday had nothing (no percentage of zero means anything)', () => {
    expect(formatChange(500, 0, 'en-US')).toEqual({ direction: 'none', text: '—' })
    expect(formatChange(0, 0, 'zh-CN')).toEqual({ direction: 'none', text: '—' })
  })

  it('falls to zero as down 100%', () => {
    expect(formatChange(0, 40, 'en-US')).toMatchObject({ direction: 'down', text: '100%' })
  })
})
