import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { pesticideTestDays } from '@contract/pesticide-test-days'
import { DateRangeFilter } from '@/components/data-table/date-range-filter'
import { fillClockDays } from './clock-days'

afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The boxes' days as a list draws them for the days of `now`, with `fromTheClock`: markup, as in a frame. */
const drawn = (now: Date) => {
  const days = pesticideTestDays({}, now)
  return renderToStaticMarkup(<DateRangeFilter label="Time" {...days} onChange={() => {}} fromTheClock />)
}
const boxes = () => [...document.querySelectorAll<HTMLInputElement>('[data-clock-day]')].map((box) => box.value)

describe("a frame's default days from the visitor's clock (issue 24 §3)", () => {
  it("writes today's last seven Shanghai days into the build's boxes as they are parsed, across Shanghai's midnight", async () => {
    // The frame was drawn on the build's day.
    const frame = drawn(new Date('2026-11-01T04:00:00Z'))
    for (const [now, days] of [
      ['2026-11-27T15:59:00Z', ['2026-11-21', '2026-11-27']],
      // 16:30 UTC is 00:30 on the 28th in Shanghai.
      ['2026-11-27T16:30:00Z', ['2026-11-22', '2026-11-28']],
    ] as const) {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date(now))
      fillClockDays(pesticideTestDays({}))
      document.body.innerHTML = `${frame}<i></i>`
      await settle()
      expect(boxes(), now).toEqual(days)
      // What the list draws at takeover, from the same clock: the same days.
      document.body.innerHTML = drawn(new Date())
      expect(boxes(), now).toEqual(days)
      vi.useRealTimers()
      document.body.replaceChildren()
    }
  })

  it('marks the boxes only when the days are the default', () => {
    const chosen = renderToStaticMarkup(
      <DateRangeFilter label="Time" from="2026-11-01" to="2026-11-07" onChange={() => {}} />,
    )
    expect(chosen).not.toContain('data-clock-day')
    expect(drawn(new Date())).toContain('data-clock-day="from"')
  })
})
