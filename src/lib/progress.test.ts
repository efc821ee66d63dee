import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { finishProgress, startProgress } from './progress'

const bar = () => document.querySelector<HTMLElement>('#nprogress .bar')

describe('navigation progress bar', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('starts at the minimum, trickles forward without reaching the end, then completes and goes', () => {
    startProgress()
    expect(bar()?.style.transform).toBe('translate3d(-92%, 0, 0)')
    vi.advanceTimersByTime(800)
    expect(bar()?.style.transform).toBe('translate3d(-82%, 0, 0)')
    vi.advanceTimersByTime(800 * 200)
    const late = Number(/\((-?[\d.]+)%/.exec(bar()?.style.transform ?? '')?.[1])
    expect(late).toBeLessThan(0)
    finishProgress()
    expect(bar()?.style.transform).toBe('translate3d(0%, 0, 0)')
    vi.advanceTimersByTime(200)
    expect(bar()?.style.opacity).toBe('0')
    vi.advanceTimersByTime(200)
    expect(document.querySelector('#nprogress')).toBeNull()
  })

  it('never reads layout (a forced layout on a big page cost ~28 ms a navigation)', () => {
    const offsetWidth = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get')
    const computed = vi.spyOn(window, 'getComputedStyle')
    startProgress()
    vi.advanceTimersByTime(2_000)
    finishProgress()
    vi.advanceTimersByTime(1_000)
    expect(offsetWidth).not.toHaveBeenCalled()
    expect(computed).not.toHaveBeenCalled()
  })

  it('a navigation that starts while the bar fades keeps it', () => {
    startProgress()
    finishProgress()
    vi.advanceTimersByTime(200)
    startProgress()
    vi.advanceTimersByTime(400)
    expect(document.querySelector('#nprogress')).not.toBeNull()
    expect(bar()?.style.opacity).toBe('1')
    finishProgress()
    vi.advanceTimersByTime(400)
  })
})
