import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Role } from '../../contract/roles'
import type { Today } from '../../contract/dashboard'
import { openDatabase } from '../../server/db/client'
import type { Readiness } from '../../server/health/readiness'
import { marketWithDevices, sendBatch, type WorldMarket } from '../helpers/crash-world'
import { merchantInput } from '../helpers/merchant-input'
import { replicaPair, replicaPairUnavailable, type ReplicaPair } from '../helpers/replica-pair'
import { call, OFFICIAL, signIn, startServer, type ServerProcess } from '../helpers/server-process'
import { createUser } from '../helpers/test-app'

/**
 * Issue 22 §2: the dashboard read from a PostgreSQL streaming replica, by a real server process on a
 * primary and a hot standby of the test's own (tests/helpers/replica-pair.ts). With replay paused on
 * the standby, a payment is on the primary and not in the dashboard: its figures come from the
 * replica; a merchant saved then is on the list (the primary) and not in the CSV export (the replica). They catch up when replay resumes; the replica lagging past the bound, or stopped, sends
 * the reads to the primary, and /api/ready says so each time.
 */

/** Past this lag the reads go to the primary: short, so the test sees it happen without a long wait. */
const MAX_LAG_MS = 4_000
const unavailable =
  replicaPairUnavailable() ?? (process.env.DATABASE_URL ? null : 'runs with the PostgreSQL suite (DATABASE_URL set)')

let pair: ReplicaPair | undefined
let server: ServerProcess | undefined
let official: string
let market: WorldMarket

beforeAll(async () => {
  if (unavailable) return
  pair = await replicaPair()
  const primary = await openDatabase({ kind: 'postgres', url: pair.primaryUrl, maxConnections: 2 })
  try {
    await primary.migrate()
    await createUser(primary.db, { ...OFFICIAL, role: Role.OFFICIAL })
  } finally {
    await primary.close()
  }
  const replicaUrl = pair.standbyUrl
  server = await startServer({
    kind: 'postgres',
    env: { DATABASE_URL: pair.primaryUrl, DATABASE_READ_URL: replicaUrl, DATABASE_READ_MAX_LAG_MS: String(MAX_LAG_MS) },
    open: () => Promise.reject(new Error('not opened by the test')),
    drop: async () => {},
  })
  official = await signIn(server, OFFICIAL.username, OFFICIAL.password)
  market = await marketWithDevices(server, official, 1, { terminals: 1, counters: 0 })
}, 90_000)

afterAll(async () => {
  await server?.stop('SIGTERM')
  pair?.drop()
})

const ready = async () => {
  const answer = await call<Readiness>(server as ServerProcess, '/ready', { method: 'GET' })
  return answer.body.data
}

/** Polls /api/ready until `check` holds (the server checks its replica every second). */
async function readyWhen(check: (answer: Readiness) => boolean, what: string): Promise<Readiness> {
  let last: Readiness | undefined
  for (let i = 0; i < 150; i++) {
    last = await ready()
    if (check(last)) return last
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`/api/ready never showed ${what}: ${JSON.stringify(last)}`)
}

/** Today's payments in the market, as the Workplace reads them (`fresh`: as a live re-read does). */
async function paymentsToday(fresh = false): Promise<number> {
  const query = `market=${market.marketId}${fresh ? '&fresh=1' : ''}`
  const answer = await call<Today>(server as ServerProcess, `/dashboard/today?${query}`, {
    method: 'GET',
    token: official,
  })
  expect(answer.status).toBe(200)
  return answer.body.data.today.payments
}

/** The market's merchants as its operator sees them: the list page, or the CSV export's text. */
async function merchantNames(from: 'list' | 'export'): Promise<string> {
  const path = from === 'list' ? '/merchants?pageSize=50' : '/merchants/export'
  const response = await fetch(`${(server as ServerProcess).baseURL}/api${path}`, {
    headers: { Authorization: market.operatorToken, 'Accept-Language': 'en-US' },
  })
  expect(response.status).toBe(200)
  return response.text()
}

const payment = (id: string) => ({
  id,
  type: 'payment',
  amountFen: 1234,
  method: 'wechat',
  paidAt: new Date().toISOString(),
})

describe.skipIf(unavailable)(
  `the dashboard on a read replica${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it('reads from the replica, catches up after a payment, and falls back to the primary', async () => {
      const replica = pair as ReplicaPair
      const terminal = market.devices[0]
      if (!terminal) throw new Error('no terminal')

      const first = await readyWhen((r) => r.reads.readsFrom === 'replica', 'reads on the replica')
      expect(first).toMatchObject({ ready: true, database: 'ok', migrations: 'applied' })
      expect(first.reads).toMatchObject({ replicaConfigured: true, reason: null, maxLagMs: MAX_LAG_MS })
      expect(first.reads.lagMs).toBeGreaterThanOrEqual(0)
      expect(await paymentsToday()).toBe(0)

      // Replay paused: the payment is committed on the primary and not yet on the replica.
      replica.onStandby('select pg_wal_replay_pause()')
      await readyWhen(() => replica.onStandby('select pg_get_wal_replay_pause_state()') === 'paused', 'replay paused')
      const sent = await sendBatch(server as ServerProcess, terminal, [payment('p1')])
      expect(sent.accepted).toEqual(['p1'])
      expect(await paymentsToday()).toBe(0)
      // A re-read a live event asks for reads the primary.
      expect(await paymentsToday(true)).toBe(1)
      // A merchant saved now is on the list at once (lists read the primary), not yet in the export.
      const saved = await call(server as ServerProcess, '/merchants', {
        body: merchantInput(777),
        token: market.operatorToken,
      })
      expect(saved.body.code).toBe(20000)
      expect(await merchantNames('list')).toContain(merchantInput(777).name)
      expect(await merchantNames('export')).not.toContain(merchantInput(777).name)

      // Lagging past the bound: the reads go to the primary, which has the payment.
      const lagging = await readyWhen((r) => r.reads.readsFrom === 'primary', 'the fallback on lag')
      expect(lagging.reads).toMatchObject({ reason: 'lagging', replicaConfigured: true })
      expect(lagging.reads.lagMs).toBeGreaterThan(MAX_LAG_MS)
      expect(lagging.reads.behindBytes).toBeGreaterThan(0)
      expect(lagging.ready).toBe(true)
      expect(await paymentsToday()).toBe(1)
      expect(await merchantNames('export')).toContain(merchantInput(777).name)

      // Replay resumed: the replica catches up, the reads go back to it and show the payment.
      replica.onStandby('select pg_wal_replay_resume()')
      const back = await readyWhen((r) => r.reads.readsFrom === 'replica', 'reads back on the replica')
      expect(back.reads.lagMs).toBeLessThanOrEqual(MAX_LAG_MS)
      expect(await paymentsToday()).toBe(1)

      // The standby stopped: the dashboard keeps answering, from the primary.
      replica.stopStandby()
      expect(await paymentsToday()).toBe(1)
      const down = await readyWhen((r) => r.reads.reason === 'down', 'the fallback on a stopped replica')
      expect(down).toMatchObject({ ready: true, reads: { readsFrom: 'primary', lagMs: null } })
      expect(await paymentsToday()).toBe(1)

      // Each switch was logged once: to the replica twice, to the primary once for the lag, once for down.
      const log = (server as ServerProcess).output()
      expect(log.match(/reads that may lag go to the read replica/g)).toHaveLength(2)
      expect(log.match(/"reason":"lagging"[^\n]*reads that may lag go to the primary/g)).toHaveLength(1)
      expect(log.match(/"reason":"down"[^\n]*reads that may lag go to the primary/g)).toHaveLength(1)
    }, 60_000)
  },
)
