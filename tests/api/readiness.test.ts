import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { ReadRouting } from '../../server/db/read-routing'
import { readiness, type Readiness } from '../../server/health/readiness'
import { withOfficial } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'

/**
 * GET /api/ready (issue 22 §2): whether the instance can serve, and where its reads that may lag go.
 * With no replica configured they are on the primary; the replica itself is tested with real
 * clusters in read-replica.test.ts.
 */

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('GET /api/ready', () => {
  it('answers ready on a migrated database, without a session, never cached, reads on the primary', async () => {
    const answer = await t.call<Readiness>('/api/ready', { method: 'GET' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.body.data).toEqual({
      ready: true,
      database: 'ok',
      migrations: 'applied',
      reads: {
        replicaConfigured: false,
        readsFrom: 'primary',
        reason: 'not_configured',
        lagMs: null,
        behindBytes: null,
        maxLagMs: 0,
        checkedAt: null,
      },
    })
  })

  it('is not ready on a database that misses its migrations', async () => {
    const bare = await openDatabase({ kind: 'pglite' })
    try {
      const answer = await readiness(bare.db, ReadRouting.primaryOnly(bare.db, pino({ level: 'silent' })))
      expect(answer).toMatchObject({ ready: false, database: 'ok', migrations: 'pending' })
    } finally {
      await bare.close()
    }
  })
})

describe('the dashboard read from the primary on request', () => {
  it('takes fresh=1 (a live re-read) and refuses another value', async () => {
    const { token } = await withOfficial(t)
    const fresh = await t.call('/api/dashboard/today?fresh=1', { method: 'GET', token })
    expect(fresh.status).toBe(200)
    const ranking = await t.call('/api/dashboard/ranking?fresh=1&period=7d', { method: 'GET', token })
    expect(ranking.status).toBe(200)
    const wrong = await t.call('/api/dashboard/today?fresh=yes', { method: 'GET', token })
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe(40000)
  })
})
