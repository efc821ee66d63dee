import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { Database, ReadDatabase, ReplicaHandle } from './client'
import { isConnectionFailure, lsnBytes, ReadRouting } from './read-routing'

/** A primary at a WAL position the test moves, and a standby replaying up to one it moves too. */
function world(maxLagMs = 5_000) {
  const state = { primary: '0/3000000', replayed: '0/3000000' as string | null, down: false, now: 1_000_000 }
  const primary = { execute: async () => [{ lsn: state.primary }] } as unknown as Database
  const replicaDb = { name: 'replica' } as unknown as ReadDatabase
  const replica: ReplicaHandle = {
    db: replicaDb,
    replayedLsn: async () => {
      if (state.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
      return state.replayed
    },
    close: async () => {},
  }
  const reads = new ReadRouting(primary, replica, { maxLagMs, logger: pino({ level: 'silent' }), now: () => state.now })
  const after = async (ms: number) => {
    state.now += ms
    await reads.check()
  }
  return { state, primary, replicaDb, reads, after }
}

describe('reads on a replica', () => {
  it('reads a WAL position as bytes', () => {
    expect(lsnBytes('0/3000000')).toBe(0x3000000n)
    expect(lsnBytes('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n)
  })

  it('counts an idle primary as no lag, however long nothing is written', async () => {
    const { reads, after, replicaDb } = world()
    expect(reads.status()).toMatchObject({ readsFrom: 'primary', reason: 'starting' })
    for (let i = 0; i < 60; i++) await after(1_000)
    expect(reads.status()).toMatchObject({ readsFrom: 'replica', reason: null, lagMs: 0, behindBytes: 0 })
    expect(reads.db()).toBe(replicaDb)
  })

  it('measures the lag from when the primary was first seen ahead, falls back past the bound and comes back', async () => {
    const { state, reads, after, primary, replicaDb } = world(3_000)
    await after(0)
    state.primary = '0/3000100'
    await after(1_000)
    expect(reads.status()).toMatchObject({ readsFrom: 'replica', lagMs: 0, behindBytes: 0x100 })
    state.primary = '0/3000200'
    await after(2_000)
    expect(reads.status()).toMatchObject({ readsFrom: 'replica', lagMs: 2_000 })
    // Replayed the first write, not the second: the lag is the second's age.
    state.replayed = '0/3000100'
    await after(1_500)
    expect(reads.status()).toMatchObject({ readsFrom: 'replica', lagMs: 1_500, behindBytes: 0x100 })
    await after(2_000)
    expect(reads.status()).toMatchObject({ readsFrom: 'primary', reason: 'lagging', lagMs: 3_500 })
    expect(reads.db()).toBe(primary)
    state.replayed = '0/3000200'
    await after(1_000)
    expect(reads.status()).toMatchObject({ readsFrom: 'replica', reason: null, lagMs: 0, behindBytes: 0 })
    expect(reads.db()).toBe(replicaDb)
  })

  it('hands out a handle that cannot write (checked by the typecheck)', () => {
    const { reads } = world()
    const db = reads.db()
    // @ts-expect-error a read handle has no insert
    expect(db.insert).toBeUndefined()
    // @ts-expect-error nor update
    expect(db.update).toBeUndefined()
    // @ts-expect-error nor delete
    expect(db.delete).toBeUndefined()
  })

  it('keeps a fresh read on the primary', async () => {
    const { reads, after, primary } = world()
    await after(0)
    expect(reads.db(true)).toBe(primary)
    expect(await reads.run(async (db) => db, true)).toBe(primary)
  })

  it('reads from the primary when the replica is down or is no standby', async () => {
    const { state, reads, after, primary } = world()
    await after(0)
    state.down = true
    await after(1_000)
    expect(reads.status()).toMatchObject({ readsFrom: 'primary', reason: 'down', lagMs: null })
    expect(reads.db()).toBe(primary)
    state.down = false
    state.replayed = null
    await after(1_000)
    expect(reads.status()).toMatchObject({ readsFrom: 'primary', reason: 'not_a_standby' })
  })

  it('reads again from the primary a read the replica dropped, and moves the reads there at once', async () => {
    const { reads, after, primary, replicaDb } = world()
    await after(0)
    const cut = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
    const answer = await reads.run(async (db) => {
      if (db === replicaDb) throw new Error('query failed', { cause: cut })
      return 'from the primary'
    })
    expect(answer).toBe('from the primary')
    expect(reads.db()).toBe(primary)
    // A wrong statement is the caller's error, not the replica's: it is not read again.
    await after(1_000)
    await expect(
      reads.run(async () => {
        throw Object.assign(new Error('syntax error'), { code: '42601' })
      }),
    ).rejects.toThrow('syntax error')
    expect(isConnectionFailure(Object.assign(new Error(), { code: '42601' }))).toBe(false)
  })
})
