import { createServer, type Socket } from 'node:net'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { openDatabase } from '../../server/db/client'
import { ReadRouting } from '../../server/db/read-routing'
import { PROBE_MS, readiness, type Readiness } from '../../server/health/readiness'
import { withOfficial } from '../helpers/fixtures'
import { freePort } from '../helpers/free-port'
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

/** The app on a PostgreSQL URL to `port`, asked GET /api/ready: the answer and how long it took. */
async function readyAt(port: number) {
  const handle = await openDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/none` })
  const app = createApp({
    db: handle.db,
    clock: () => new Date(),
    logger: pino({ level: 'silent' }),
    config: {
      sessionTtlSeconds: 3600,
      sessionMaxAgeSeconds: 86400,
      trustProxy: 0,
      clientDir: null,
      secureCookies: false,
    },
  })
  const started = performance.now()
  try {
    const response = await app.request('/api/ready', { headers: { 'Accept-Language': 'en-US' } })
    const body = (await response.json()) as { code: number; data: Readiness }
    return { status: response.status, body, ms: performance.now() - started }
  } finally {
    await handle.close().catch(() => {})
  }
}

describe('GET /api/ready with no database there', () => {
  // A URL to a port nothing listens on, never by stopping the shared server other tests use.
  it('is not ready (503, database unreachable) at a closed port, at once', async () => {
    const answer = await readyAt(await freePort())
    expect(answer.status).toBe(503)
    expect(answer.body.code).toBe(50000)
    expect(answer.body.data).toMatchObject({ ready: false, database: 'unreachable', migrations: 'unknown' })
    expect(answer.ms).toBeLessThan(PROBE_MS)
  })

  it('gives up within its limit on a server that accepts and never answers', async () => {
    const sockets = new Set<Socket>()
    const silent = createServer((socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const address = silent.address()
      if (!address || typeof address !== 'object') throw new Error('no port')
      const answer = await readyAt(address.port)
      expect(answer.status).toBe(503)
      expect(answer.body.data).toMatchObject({ ready: false, database: 'unreachable' })
      expect(answer.ms).toBeGreaterThanOrEqual(PROBE_MS - 50)
      expect(answer.ms).toBeLessThan(PROBE_MS + 1_000)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  }, 20_000)
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
