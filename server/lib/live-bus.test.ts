import { describe, expect, it } from 'vitest'
import { LiveBus, type LiveSubscriber } from './live-bus'
import type { LiveEvent } from './live-publish'

const event = (n: number): LiveEvent => ({ id: `e${n}`, type: 'device', marketId: 'm', data: { n } })
const everyone: LiveSubscriber = { accepts: () => true, send: () => {}, lost: () => {} }
const ids = (events: LiveEvent[] | null) => events?.map((item) => item.id) ?? null

describe('LiveBus keeps the latest events for resumes', () => {
  it('keeps the last 20,000 in order through a burst ten times that', () => {
    const bus = new LiveBus(() => 0)
    const received: string[] = []
    bus.subscribe({ accepts: () => true, send: (item) => received.push(item.id), lost: () => {} })
    for (let n = 0; n < 200_000; n++) bus.receive(event(n))
    expect(received).toHaveLength(200_000)
    // The oldest kept is event 180,000: an id before it can no longer be resumed from.
    expect(bus.subscribe(everyone, 'e179999').missed).toBeNull()
    expect(ids(bus.subscribe(everyone, 'e180000').missed)).toEqual(
      Array.from({ length: 19_999 }, (_, index) => `e${180_001 + index}`),
    )
    expect(ids(bus.subscribe(everyone, 'e199998').missed)).toEqual(['e199999'])
  })

  it('forgets events older than five minutes, and resumes from those still kept', () => {
    let now = 0
    const bus = new LiveBus(() => now)
    for (let n = 0; n < 3_000; n++) bus.receive(event(n))
    now = 4 * 60_000
    bus.receive(event(3_000))
    now = 5 * 60_000 + 1
    expect(bus.subscribe(everyone, 'e10').missed).toBeNull()
    expect(ids(bus.subscribe(everyone, 'e3000').missed)).toEqual([])
    bus.receive(event(3_001))
    expect(ids(bus.subscribe(everyone, 'e3000').missed)).toEqual(['e3001'])
  })
  it('after its LISTEN connection came back, tells every subscriber to read afresh and resumes nothing from before', () => {
    const bus = new LiveBus(() => 0)
    let told = 0
    bus.subscribe({ ...everyone, lost: () => told++ })
    bus.receive(event(1))
    bus.lost()
    expect(told).toBe(1)
    // Events may be missing after e1: resuming from it starts afresh.
    expect(bus.subscribe(everyone, 'e1').missed).toBeNull()
    bus.receive(event(2))
    expect(ids(bus.subscribe(everyone, 'e2').missed)).toEqual([])
  })
})
