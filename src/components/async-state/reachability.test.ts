import { afterEach, describe, expect, it, vi } from 'vitest'
import { reachability, ReachabilityWatch } from './reachability'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** A watch whose health check answers what `up` says, counting its calls. */
function watchWith(up: { now: boolean }) {
  const check = vi.fn(async () => {
    if (!up.now) throw new Error('Network Error')
    return true
  })
  return { watch: new ReachabilityWatch({ check }), check }
}

describe('ReachabilityWatch', () => {
  it('checks with growing pauses while the server is away, then calls every waiter once', async () => {
    vi.useFakeTimers()
    const up = { now: false }
    const { watch, check } = watchWith(up)
    const first = vi.fn()
    const second = vi.fn()
    watch.wait(first)
    watch.wait(second)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(check).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(check).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(check).toHaveBeenCalledTimes(2)
    expect(first).not.toHaveBeenCalled()
    up.now = true
    await vi.advanceTimersByTimeAsync(4_000)
    expect(first).toHaveBeenCalledOnce()
    expect(second).toHaveBeenCalledOnce()
    // Nobody waiting: no more checks.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(check).toHaveBeenCalledTimes(3)
  })

  it('looks at once when told the connection may be back', async () => {
    vi.useFakeTimers()
    const up = { now: true }
    const { watch, check } = watchWith(up)
    const waiter = vi.fn()
    watch.wait(waiter)
    watch.checkNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(check).toHaveBeenCalledOnce()
    expect(waiter).toHaveBeenCalledOnce()
  })

  it('stops checking when the last waiter leaves', async () => {
    vi.useFakeTimers()
    const { watch, check } = watchWith({ now: false })
    const cancel = watch.wait(() => {})
    cancel()
    watch.checkNow()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(check).not.toHaveBeenCalled()
  })
})

it("the tab's watch looks at once when the browser says the network is back", () => {
  const checkNow = vi.spyOn(reachability, 'checkNow').mockImplementation(() => {})
  window.dispatchEvent(new Event('online'))
  expect(checkNow).toHaveBeenCalledOnce()
})
