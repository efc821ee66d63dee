import { describe, expect, it } from 'vitest'
import {
  addDays,
  formatShanghaiTime,
  isCalendarDay,
  minuteStart,
  shanghaiDayOf,
  shanghaiDayStart,
  shanghaiToday,
} from './time'

describe('Asia/Shanghai time', () => {
  it('formats UTC instants as Shanghai wall-clock time', () => {
    expect(formatShanghaiTime('2026-11-22T16:05:09Z')).toBe('2026-11-23 00:05:09')
    expect(formatShanghaiTime(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01 08:00:00')
  })

  it('puts instants on either side of Shanghai midnight on their own days', () => {
    expect(shanghaiDayOf(new Date('2026-11-22T15:59:59.999Z'))).toBe('2026-11-22')
    expect(shanghaiDayOf(new Date('2026-11-22T16:00:00.000Z'))).toBe('2026-11-23')
    expect(shanghaiToday(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01')
  })

  it('starts a day at Shanghai midnight, which is 16:00 UTC the day before', () => {
    expect(shanghaiDayStart('2026-11-23').toISOString()).toBe('2026-11-22T16:00:00.000Z')
    expect(shanghaiDayStart('2027-01-01').toISOString()).toBe('2026-12-31T16:00:00.000Z')
    // Round trip: the day of a day's start is that day.
    expect(shanghaiDayOf(shanghaiDayStart('2024-02-29'))).toBe('2024-02-29')
    expect(shanghaiDayOf(shanghaiDayStart('0099-03-01'))).toBe('0099-03-01')
  })

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2026-11-23', -29)).toBe('2026-10-25')
  })

  it('floors an instant to its minute', () => {
    expect(minuteStart(new Date('2026-11-22T15:59:59.999Z')).toISOString()).toBe('2026-11-22T15:59:00.000Z')
  })

  it('knows which calendar days exist', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true)
    expect(isCalendarDay('2023-02-29')).toBe(false)
    expect(isCalendarDay('2024-02-30')).toBe(false)
    expect(isCalendarDay('2024-13-01')).toBe(false)
    expect(isCalendarDay('2024-00-10')).toBe(false)
    expect(isCalendarDay('0000-01-01')).toBe(false)
    expect(isCalendarDay('0001-01-01')).toBe(true)
    expect(isCalendarDay('2024-1-1')).toBe(false)
    expect(isCalendarDay('2024-01-01T00:00')).toBe(false)
  })
})
