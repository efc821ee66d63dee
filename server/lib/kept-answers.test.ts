import { describe, expect, it } from 'vitest'
import { KeptAnswers } from './kept-answers'

const keptFor = { freshMs: 1_000, staleMs: 10_000 }

/** A computation the test finishes by hand, counting its calls. */
function slow<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = []
  const compute = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }))
  return { calls, compute }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('KeptAnswers', () => {
  it('computes once for many callers at the same time, then serves the answer while fresh', async () => {
    const kept = new KeptAnswers()
    const { calls, compute } = slow<string>()
    const answers = Array.from({ length: 40 }, () => kept.get('k', 0, keptFor, compute))
    expect(calls).toHaveLength(1)
    calls[0]?.resolve('first')
    expect(await Promise.all(answers)).toEqual(Array(40).fill('first'))
    expect(await kept.get('k', 999, keptFor, compute)).toBe('first')
    expect(calls).toHaveLength(1)
  })

  it('serves an old answer at once and computes a new one behind it, once', async () => {
    const kept = new KeptAnswers()
    const { calls, compute } = slow<string>()
    const first = kept.get('k', 0, keptFor, compute)
    calls[0]?.resolve('first')
    await first
    expect(await kept.get('k', 5_000, keptFor, compute)).toBe('first')
    expect(await kept.get('k', 5_001, keptFor, compute)).toBe('first')
    expect(calls).toHaveLength(2)
    calls[1]?.resolve('second')
    await settled()
    expect(await kept.get('k', 5_002, keptFor, compute)).toBe('second')
  })

  it('waits for a new answer once the kept one is too old', async () => {
    const kept = new KeptAnswers()
    const { calls, compute } = slow<string>()
    const first = kept.get('k', 0, keptFor, compute)
    calls[0]?.resolve('first')
    await first
    const late = kept.get('k', 10_000, keptFor, compute)
    calls[1]?.resolve('second')
    expect(await late).toBe('second')
  })

  it('keeps serving the old answer when computing a new one fails, and tries again later', async () => {
    const failures: unknown[] = []
    const kept = new KeptAnswers((error) => failures.push(error))
    const { calls, compute } = slow<string>()
    const first = kept.get('k', 0, keptFor, compute)
    calls[0]?.resolve('first')
    await first
    expect(await kept.get('k', 2_000, keptFor, compute)).toBe('first')
    calls[1]?.reject(new Error('database away'))
    await settled()
    expect(failures).toHaveLength(1)
    expect(await kept.get('k', 2_001, keptFor, compute)).toBe('first')
    expect(calls).toHaveLength(3)
  })

  it('passes a first failure to its callers and computes again for the next', async () => {
    const kept = new KeptAnswers()
    const { calls, compute } = slow<string>()
    const first = kept.get('k', 0, keptFor, compute)
    calls[0]?.reject(new Error('database away'))
    await expect(first).rejects.toThrow('database away')
    const second = kept.get('k', 1, keptFor, compute)
    calls[1]?.resolve('second')
    expect(await second).toBe('second')
  })

  it('keeps answers apart by key', async () => {
    const kept = new KeptAnswers()
    expect(await kept.get('a', 0, keptFor, async () => 'A')).toBe('A')
    expect(await kept.get('b', 0, keptFor, async () => 'B')).toBe('B')
  })

  it('serves an answer the caller kept itself while fresh', async () => {
    const kept = new KeptAnswers()
    kept.keep('k', 0, keptFor, 'counted')
    const { calls, compute } = slow<string>()
    expect(await kept.get('k', 500, keptFor, compute)).toBe('counted')
    expect(calls).toHaveLength(0)
  })

  it('holds at most 10,000 answers, dropping the oldest and those too old to serve', async () => {
    const kept = new KeptAnswers()
    const long = { freshMs: 100_000, staleMs: 100_000 }
    for (let n = 0; n <= 10_000; n++) kept.keep(`k${n}`, n, long, n)
    const recomputed = async () => -1
    // The oldest went past the cap; the next oldest and the newest are still held.
    expect(await kept.get('k1', 10_001, long, recomputed)).toBe(1)
    expect(await kept.get('k10000', 10_001, long, recomputed)).toBe(10_000)
    expect(await kept.get('k0', 10_001, long, recomputed)).toBe(-1)
    // Past its staleMs an answer is never served: it is dropped when the next one is kept.
    kept.keep('late', 200_000, keptFor, 'late')
    expect(await kept.get('k10000', 200_000, { freshMs: 1e9, staleMs: 1e9 }, recomputed)).toBe(-1)
  })
})
