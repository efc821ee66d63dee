import { describe, expect, it } from 'vitest'
import { askedByLiveEvent, freshFor } from './live-reads'
import { dashboardKeys } from './queries'

describe('reads a live event asked for', () => {
  it('go to the primary for a while, for every query under the widget asked', () => {
    const market = 'm-live-reads'
    const at = 1_000_000
    expect(freshFor(dashboardKeys.ranking(market, '7d', 'amount'), at)).toBeUndefined()
    askedByLiveEvent(dashboardKeys.rankings(market), at)
    expect(freshFor(dashboardKeys.ranking(market, '7d', 'amount'), at + 15_000)).toBe('1')
    expect(freshFor(dashboardKeys.ranking(market, 'today', 'orders'), at + 15_000)).toBe('1')
    // Another widget, or another market's, reads the replica.
    expect(freshFor(dashboardKeys.today(market), at + 15_000)).toBeUndefined()
    expect(freshFor(dashboardKeys.ranking('m-other', '7d', 'amount'), at + 15_000)).toBeUndefined()
    // Long after the event, the replica has it.
    expect(freshFor(dashboardKeys.ranking(market, '7d', 'amount'), at + 60_000)).toBeUndefined()
  })

  it('a resync asks for every widget of the scope', () => {
    const at = 2_000_000
    askedByLiveEvent(dashboardKeys.scope(null), at)
    expect(freshFor(dashboardKeys.today(null), at + 1)).toBe('1')
    expect(freshFor(dashboardKeys.tests(null), at + 1)).toBe('1')
  })
})
