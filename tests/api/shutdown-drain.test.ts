import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { marketWithDevices, sendBatch, type BoundDevice, type WorldMarket } from '../helpers/crash-world'
import { basicAuth } from '../helpers/devices'
import { marketInput } from '../helpers/market-input'
import { heldBatch, openProcessStream } from '../helpers/process-stream'
import {
  call,
  OFFICIAL,
  serverDatabase,
  signIn,
  startServer,
  type ServerDatabase,
  type ServerProcess,
} from '../helpers/server-process'

/**
 * Issue 21 §2: SIGTERM drains. Requests in flight are answered; open live streams end at once with a
 * `retry:` hint instead of holding the shutdown (they never end by themselves; the force timeout exits
 * 1); the process exits 0. A client resuming with Last-Event-ID loses nothing: another instance that
 * heard the same events (PostgreSQL) answers what it missed; a restarted single instance, whose
 * five-minute window was in the old process's memory, answers `reset` and the console reads afresh.
 */

const POSTGRES = Boolean(process.env.DATABASE_URL)
const BATCH = 100
const IN_FLIGHT = 3

let database: ServerDatabase
const servers: ServerProcess[] = []
let world: WorldMarket
let serial = 0

beforeAll(async () => {
  database = await serverDatabase()
})

afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL')
  await database?.drop()
})

async function start(): Promise<ServerProcess> {
  const server = await startServer(database)
  servers.push(server)
  return server
}

/** A batch of payments now, each of `fen`. */
function payments(fen: number) {
  const batch = ++serial
  const at = new Date().toISOString()
  return Array.from({ length: BATCH }, (_, i) => ({
    id: `d${batch}-${i}`,
    type: 'payment',
    amountFen: fen,
    method: 'wechat',
    paidAt: at,
  }))
}

/** Payments counted in the stream's `transactions` events. */
function paymentsHeard(events: { event: string; data: unknown }[]): number {
  return events
    .filter((event) => event.event === 'transactions')
    .reduce((sum, event) => sum + (event.data as { payments: number }).payments, 0)
}

/** SIGTERM with IN_FLIGHT batches begun: answers the batches' answers and how the process ended. */
async function drain(server: ServerProcess, terminal: BoundDevice, whileStopping: () => Promise<void>) {
  const held = await Promise.all(
    Array.from({ length: IN_FLIGHT }, () => heldBatch(server, basicAuth(terminal.code, terminal.secret), payments(1))),
  )
  const exited = server.stop('SIGTERM')
  await whileStopping()
  const answers = await Promise.all(held.map((batch) => batch.send()))
  return { answers, exit: await exited }
}

describe('SIGTERM', () => {
  it('answers the batches in flight, ends the open stream at once with a retry hint and exits 0; a restarted server answers a resume with reset, and the figures read afresh hold every payment', async () => {
    const first = await start()
    const official = await signIn(first, OFFICIAL.username, OFFICIAL.password)
    world = await marketWithDevices(first, official, 1, { terminals: 1, counters: 0 })
    const terminal = world.devices[0] as BoundDevice
    const stream = await openProcessStream(first, world.operatorToken)
    expect((await sendBatch(first, terminal, payments(1))).status).toBe(200)
    const heard = await stream.until((event) => event.event === 'transactions')

    const { answers, exit } = await drain(first, terminal, async () => {
      // The stream ends while the batches are still in flight: it does not wait for them, nor they for it.
      await stream.ended
    })
    // `ready` sends one hint; the shutdown another, spread over 1–5 s.
    expect(stream.retries).toHaveLength(2)
    expect(stream.retries[1]).toBeGreaterThanOrEqual(1_000)
    expect(answers.map((answer) => [answer.status, answer.body.data.accepted.length])).toEqual(
      Array.from({ length: IN_FLIGHT }, () => [200, BATCH]),
    )
    expect(exit).toEqual({ code: 0, signal: null })
    expect(first.output()).toContain('"streams":1')

    const second = await start()
    const resumed = await openProcessStream(second, world.operatorToken, heard.id)
    // The window of five minutes was in the first process's memory: the client is told to read afresh.
    await resumed.until((event) => event.event === 'reset')
    await resumed.close()
    const today = await call<{ today: { payments: number } }>(second, `/dashboard/today?market=${world.marketId}`, {
      method: 'GET',
      token: world.operatorToken,
    })
    expect(today.body.data.today.payments).toBe(BATCH * (1 + IN_FLIGHT))
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null })
  }, 60_000)

  it.runIf(POSTGRES)(
    'on PostgreSQL, a client resuming on another instance gets every event published meanwhile, without reset',
    async () => {
      const [leaving, staying] = [await start(), await start()]
      const terminal = world.devices[0] as BoundDevice
      const token = await signIn(staying, marketInput(1).accountUsername, 'Market123')
      const stream = await openProcessStream(leaving, token)
      // Published by the other instance, heard here (the instances share events through NOTIFY).
      expect((await sendBatch(staying, terminal, payments(1))).status).toBe(200)
      const heard = await stream.until((event) => event.event === 'transactions')

      const { answers, exit } = await drain(leaving, terminal, async () => {
        await stream.ended
        // Published while the client is away.
        expect((await sendBatch(staying, terminal, payments(1))).status).toBe(200)
      })
      expect(answers.every((answer) => answer.status === 200)).toBe(true)
      expect(exit).toEqual({ code: 0, signal: null })

      const resumed = await openProcessStream(staying, token, heard.id)
      // What it missed: the batch sent meanwhile and the three the leaving instance drained.
      const expected = BATCH * (1 + IN_FLIGHT)
      while (paymentsHeard(resumed.events) < expected) await resumed.until((event) => event.event === 'transactions')
      expect(paymentsHeard(resumed.events)).toBe(expected)
      expect(resumed.events.some((event) => event.event === 'reset')).toBe(false)
      await resumed.close()
      expect(await staying.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    },
    60_000,
  )
})
