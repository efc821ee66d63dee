import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { DateRangeQueryEntries, dateRangeInOrder, daysInRange, rangeWithinMaxDays } from './date-range'

/** The kit's day ranges as two lists use them (transactions, pesticide tests): in order, at most 31 days. */
const Schema = v.pipe(
  v.object(DateRangeQueryEntries),
  dateRangeInOrder<{ from?: string; to?: string }>(),
  rangeWithinMaxDays<{ from?: string; to?: string }>(),
)
const issues = (input: object) => {
  const result = v.safeParse(Schema, input)
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message])
}

describe('date ranges', () => {
  it('counts the days a range spans, both ends included, across a month and a year', () => {
    expect(daysInRange('2026-11-01', '2026-11-01')).toBe(1)
    expect(daysInRange('2026-10-02', '2026-11-01')).toBe(31)
    expect(daysInRange('2026-12-31', '2027-01-01')).toBe(2)
  })

  it('takes 31 days, and refuses 32 on `from` with its own message', () => {
    expect(issues({ from: '2026-10-02', to: '2026-11-01' })).toEqual([])
    expect(issues({ from: '2026-10-01', to: '2026-11-01' })).toEqual([['from', 'validation_range_31_days']])
  })

  it('leaves an open end and an end before the start to the other rules', () => {
    expect(issues({ from: '2020-01-01' })).toEqual([])
    expect(issues({ from: '2026-11-02', to: '2026-11-01' })).toEqual([['to', 'validation_date_order']])
  })
})
