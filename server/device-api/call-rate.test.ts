import { describe, expect, it } from 'vitest'
import { CallBuckets } from './call-rate'

describe('CallBuckets', () => {
  it('allows a burst at once, then refills at the sustained rate, each key on its own', () => {
    const buckets = new CallBuckets({ perSecond: 5, burst: 20 })
    const at = 1_000_000
    for (let i = 0; i < 20; i++) expect(buckets.take('A', at)).toBeNull()
    expect(buckets.take('A', at)).toBe(1)
    expect(buckets.take('B', at)).toBeNull()
    // 200 ms: one call's worth.
    expect(buckets.take('A', at + 200)).toBeNull()
    expect(buckets.take('A', at + 200)).toBe(1)
    // A clock set back refills nothing.
    expect(buckets.take('A', at - 60_000)).toBe(1)
  })

  it('says how long to wait when the rate is slow', () => {
    const buckets = new CallBuckets({ perSecond: 0.1, burst: 1 })
    expect(buckets.take('A', 0)).toBeNull()
    expect(buckets.take('A', 0)).toBe(10)
    expect(buckets.take('A', 5_000)).toBe(5)
  })

  it('forgets buckets that have refilled, so memory follows the devices calling now', () => {
    const buckets = new CallBuckets({ perSecond: 5, burst: 20 })
    for (let i = 0; i < 100; i++) buckets.take(`D${i}`, 0)
    expect(buckets.size).toBe(100)
    buckets.take('late', 61_000)
    expect(buckets.size).toBe(1)
  })
})
