import { describe, expect, it } from 'vitest'
import { slots } from './decode-slots'

/** A promise settled from outside, so the test decides when each job ends. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('slots', () => {
  it('runs at most `size` jobs at once and starts waiters in order as slots free', async () => {
    const run = slots(2)
    const gates = [gate(), gate(), gate(), gate()]
    const started: number[] = []
    const done = gates.map((g, i) =>
      run(async () => {
        started.push(i)
        await g.opened
        return i
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    gates[1]!.open()
    await done[1]
    await Promise.resolve()
    expect(started).toEqual([0, 1, 2])
    gates[0]!.open()
    gates[2]!.open()
    gates[3]!.open()
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3])
    expect(started).toEqual([0, 1, 2, 3])
  })

  it('frees the slot when a job fails', async () => {
    const run = slots(1)
    await expect(run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
    expect(await run(() => Promise.resolve('next'))).toBe('next')
  })
})
