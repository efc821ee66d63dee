import { describe, expect, it } from 'vitest'
import { firstWindowDays, readByDays } from './day-windows'

const month = { from: '2026-10-30', to: '2026-11-29' } // 31 days
/** A Shanghai time on the range's last day. */
const onLastDay = (time: string) => new Date(`2026-11-29T${time}+08:00`)

describe('the first window of days a page by time reads', () => {
  it('holds the page at the average day, with half again to spare', () => {
    // 400 rows a day: a page of 21 from one past day.
    expect(firstWindowDays(12_400, month, 21, { edge: '2026-11-20', now: onLastDay('12:00') })).toBe(1)
    // 3 rows a day (refunds only): 11 days hold 31.5.
    expect(firstWindowDays(93, month, 21, { edge: '2026-11-20', now: onLastDay('12:00') })).toBe(11)
    // Never more than the range; nothing in the rollups: the whole range.
    expect(firstWindowDays(5, month, 21, { edge: '2026-11-20', now: onLastDay('12:00') })).toBe(31)
    expect(firstWindowDays(0, month, 21, { edge: '2026-11-20', now: onLastDay('12:00') })).toBe(31)
  })

  it('counts today for the part of it gone by', () => {
    // Ten minutes after midnight today holds ~3 of its 400: today and yesterday.
    expect(firstWindowDays(12_400, month, 21, { edge: '2026-11-29', now: onLastDay('00:10') })).toBe(2)
    // At noon, half a day (200 rows) holds the page.
    expect(firstWindowDays(12_400, month, 21, { edge: '2026-11-29', now: onLastDay('12:00') })).toBe(1)
    // 3 rows a day, at 06:00: today's quarter day and 11 more.
    expect(firstWindowDays(93, month, 21, { edge: '2026-11-29', now: onLastDay('06:00') })).toBe(12)
  })
})

describe('reading a page by windows of days', () => {
  /** Rows per day; a read answers the days' rows, newest first, up to the limit. */
  const reader = (perDay: Record<string, number>) => {
    const reads: string[] = []
    const read = async (days: { from: string; to: string }, limit: number) => {
      reads.push(`${days.from}..${days.to}`)
      const rows = Object.entries(perDay)
        .filter(([day]) => day >= days.from && day <= days.to)
        .sort(([a], [b]) => b.localeCompare(a))
        .flatMap(([day, n]) => Array.from({ length: n }, () => day))
      return rows.slice(0, limit)
    }
    return { read, reads }
  }

  it('starts at the width it is given and doubles until the page is full', async () => {
    const { read, reads } = reader({ '2026-11-29': 0, '2026-11-28': 5, '2026-11-27': 5, '2026-11-26': 30 })
    const rows = await readByDays(read, month, 'desc', null, 21)
    expect(rows).toHaveLength(21)
    expect(reads).toEqual(['2026-11-29..2026-11-29', '2026-11-27..2026-11-28', '2026-11-23..2026-11-26'])
    const wide = reader({ '2026-11-29': 0, '2026-11-28': 30 })
    await readByDays(wide.read, month, 'desc', null, 21, () => 2)
    expect(wide.reads).toEqual(['2026-11-28..2026-11-29'])
  })

  it('stops at the end of the range, full or not', async () => {
    const { read, reads } = reader({ '2026-10-30': 1 })
    expect(await readByDays(read, month, 'asc', null, 21, () => 20)).toHaveLength(1)
    expect(reads).toEqual(['2026-10-30..2026-11-18', '2026-11-19..2026-11-29'])
  })
})
