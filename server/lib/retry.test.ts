import { describe, expect, it } from 'vitest'
import { retried } from './retry'

const failing = (times: number, error: Error) => {
  let calls = 0
  return {
    work: async () => {
      calls += 1
      if (calls <= times) throw error
      return calls
    },
    calls: () => calls,
  }
}

describe('retried', () => {
  it('tries again what it may, running `before` first, up to its attempts', async () => {
    const lost = failing(2, new Error('deadlock'))
    let undone = 0
    const options = { attempts: 3, retryable: () => true, waitMs: () => 0, before: async () => (undone += 1) }
    await expect(retried(lost.work, options)).resolves.toBe(3)
    expect(undone).toBe(2)
    const always = failing(5, new Error('deadlock'))
    await expect(retried(always.work, options)).rejects.toThrow('deadlock')
    expect(always.calls()).toBe(3)
  })

  it('throws at once what it may not try again', async () => {
    const broken = failing(1, new Error('syntax'))
    await expect(retried(broken.work, { attempts: 5, retryable: () => false, waitMs: () => 0 })).rejects.toThrow(
      'syntax',
    )
    expect(broken.calls()).toBe(1)
  })
})
