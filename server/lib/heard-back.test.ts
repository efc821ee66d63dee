import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectBack, heard, heardBack, listenerReady } from './heard-back'

/** Settles to 'waiting' unless `promise` settled first (after the microtasks already queued). */
const stateOf = async (promise: Promise<void>) =>
  Promise.race([promise.then(() => 'heard' as const), new Promise((resolve) => setTimeout(resolve, 0, 'waiting'))])

afterEach(() => {
  vi.useRealTimers()
})

describe('heard back', () => {
  it('waits until this listener heard its notice, not another listener', async () => {
    const writer = {}
    const reader = {}
    listenerReady(writer)
    listenerReady(reader)
    const id = expectBack('ch-a', ['device-1'])
    const wait = heardBack(writer, 'ch-a', ['device-1'])
    heard(reader, id)
    expect(await stateOf(wait)).toBe('waiting')
    heard(writer, id)
    expect(await stateOf(wait)).toBe('heard')
    // Heard before it was waited for: no wait at all.
    expect(await stateOf(heardBack(writer, 'ch-a', ['device-1']))).toBe('heard')
  })

  it('waits only for the notices about the keys asked, or for all of the channel', async () => {
    const writer = {}
    listenerReady(writer)
    const other = expectBack('ch-b', ['device-2'])
    const mine = expectBack('ch-b', ['device-3', 'device-4'])
    const about4 = heardBack(writer, 'ch-b', ['device-4'])
    const all = heardBack(writer, 'ch-b')
    expect(await stateOf(heardBack(writer, 'ch-b', ['device-5']))).toBe('heard')
    expect(await stateOf(heardBack(writer, 'ch-other'))).toBe('heard')
    heard(writer, mine)
    expect(await stateOf(about4)).toBe('heard')
    expect(await stateOf(all)).toBe('waiting')
    heard(writer, other)
    expect(await stateOf(all)).toBe('heard')
  })

  it('does not wait for a listener that is not listening', async () => {
    expectBack('ch-c', ['device-6'])
    expect(await stateOf(heardBack({}, 'ch-c'))).toBe('heard')
  })

  it('a notice never heard (rolled back, the connection away) lapses after a second', async () => {
    vi.useFakeTimers()
    const writer = {}
    listenerReady(writer)
    expectBack('ch-d', ['device-7'])
    let done = false
    const wait = heardBack(writer, 'ch-d').then(() => (done = true))
    await vi.advanceTimersByTimeAsync(900)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    await wait
    expect(done).toBe(true)
    // Unknown or malformed ids are ignored.
    heard(writer, 'no-such-notice')
    heard(writer, 42)
  })
})
