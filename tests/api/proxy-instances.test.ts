import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../server/db/client'
import { md5Hex } from '../../server/lib/passwords'
import { marketWithDevices, sendBatch, type BoundDevice, type WorldMarket } from '../helpers/crash-world'
import { basicAuth, payment } from '../helpers/devices'
import { marketInput } from '../helpers/market-input'
import { freePort } from '../helpers/free-port'
import { startNginx, type Proxy } from '../helpers/nginx'
import { openProcessStream, type ProcessStream } from '../helpers/process-stream'
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
 * Issue 22 §1: two server processes on one PostgreSQL database behind nginx (deploy/nginx.conf,
 * round-robin, no sticky sessions), everything called through the proxy. nginx hands consecutive
 * requests to the instances in turn; its access log says which instance served each one, so every
 * check below shows that both instances answered it.
 */

const POSTGRES = Boolean(process.env.DATABASE_URL)
/** Longer than this and a stream was closed by its heartbeat check (15 s), not by the revocation. */
const STREAM_END_BOUND_MS = 5_000

let database: ServerDatabase
let proxy: Proxy
const ports: number[] = []
/** The running instance on each port. */
const instances: (ServerProcess | undefined)[] = []
let official: string
let world: WorldMarket

const start = async (i: number) => {
  instances[i] = await startServer(database, { port: ports[i], env: { TRUST_PROXY: '1' } })
}

beforeAll(async () => {
  if (!POSTGRES) return
  database = await serverDatabase()
  ports.push(await freePort(), await freePort())
  await Promise.all([start(0), start(1)])
  proxy = await startNginx(ports)
  official = await signIn(proxy, OFFICIAL.username, OFFICIAL.password)
  world = await marketWithDevices(instances[0] as ServerProcess, official, 1, { terminals: 4, counters: 0 })
}, 120_000)

afterAll(async () => {
  await proxy?.stop()
  await Promise.all(instances.map((instance) => instance?.stop('SIGKILL')))
  await database?.drop()
})

/** Where the proxy's access log is now: what `expectBothServed` looks at comes after it. */
const mark = () => proxy.served().length

/** Fails unless both instances served the requests for `path` logged since `since` (a mark). */
async function expectBothServed(what: string, since: number, path: string) {
  const both = ports.map((port) => `127.0.0.1:${port}`).sort()
  const upstreams = () => {
    const served = proxy
      .served()
      .slice(since)
      .filter((line) => line.path === path)
    return [...new Set(served.map((line) => line.upstream))].sort()
  }
  // A stream's line is written as it ends, maybe just after its client saw the end.
  await expect.poll(upstreams, { message: `${what}: served by both instances`, timeout: 2_000 }).toEqual(both)
}

const info = async (token: string) => (await call(proxy, '/user/info', { token })).body.code
/** `n` calls in a row with the session: what each was answered (consecutive calls alternate instances). */
const infoTimes = async (token: string, n: number) => {
  const codes: number[] = []
  for (let i = 0; i < n; i++) codes.push(await info(token))
  return codes
}

/** Two streams of the session, one on each instance (opened one after the other: round-robin). */
async function streamPair(token: string): Promise<ProcessStream[] & { since: number }> {
  const since = mark()
  const streams = [await openProcessStream(proxy, token), await openProcessStream(proxy, token)]
  return Object.assign(streams, { since })
}

/** Waits for the stream to be ended by the server; answers how long it took (printed, not asserted). */
async function endsSoon(stream: ProcessStream, since: number): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STREAM_END_BOUND_MS)))
  const outcome = await Promise.race([stream.ended.then(() => 'ended' as const), late])
  clearTimeout(timer)
  expect(outcome, 'the stream was still open: only its heartbeat check would end it').toBe('ended')
  return Date.now() - since
}

async function expectStreamsEnd(streams: ProcessStream[] & { since: number }, answered: number, what: string) {
  const ms = await Promise.all(streams.map((stream) => endsSoon(stream, answered)))
  // Both streams' requests are logged once they end: one was on each instance.
  await expectBothServed(`${what}: the streams`, streams.since, '/api/stream')
  console.info(`proxy test: ${what}: both instances' streams ended ${ms.join(' and ')} ms after the answer`)
}

const device = (i: number) => world.devices[i] as BoundDevice
const heartbeat = async (code: string, secret: string) =>
  (await call(proxy, '/device/v1/heartbeat', { authorization: basicAuth(code, secret) })).status

describe.skipIf(!POSTGRES)('two instances behind nginx (PostgreSQL only: PGlite is one process)', () => {
  it('a session made on one instance works on the other', async () => {
    const since = mark()
    const token = await signIn(proxy, '0316100001', 'Market123')
    expect(await infoTimes(token, 4)).toEqual([20000, 20000, 20000, 20000])
    await expectBothServed('the session', since, '/api/user/info')
  })

  it('a logout, a password reset and a freeze are in force on both instances as soon as they are answered, and end the streams', async () => {
    const keep = await signIn(proxy, '0316100001', 'Market123')
    const leaving = await signIn(proxy, '0316100001', 'Market123')
    // Both instances have the session in their caches (for 5 s): only the revocation can end it there.
    expect(await infoTimes(leaving, 2)).toEqual([20000, 20000])
    let streams = await streamPair(leaving)
    expect((await call(proxy, '/user/logout', { token: leaving })).body.code).toBe(20000)
    let answered = Date.now()
    let since = mark()
    expect(await infoTimes(leaving, 4)).toEqual([1001, 1001, 1001, 1001])
    await expectBothServed('after the logout', since, '/api/user/info')
    await expectStreamsEnd(streams, answered, 'logout')
    // The account's other session is not touched.
    expect(await infoTimes(keep, 2)).toEqual([20000, 20000])

    streams = await streamPair(keep)
    const reset = await call<{ clearPwd: string }>(proxy, `/markets/${world.marketId}/reset-password`, {
      token: official,
    })
    expect(reset.body.code).toBe(20000)
    answered = Date.now()
    since = mark()
    expect(await infoTimes(keep, 4)).toEqual([1001, 1001, 1001, 1001])
    await expectBothServed('after the password reset', since, '/api/user/info')
    await expectStreamsEnd(streams, answered, 'password reset')

    const frozen = await signIn(proxy, '0316100001', reset.body.data.clearPwd)
    expect(await infoTimes(frozen, 2)).toEqual([20000, 20000])
    streams = await streamPair(frozen)
    expect((await call(proxy, `/markets/${world.marketId}/freeze`, { token: official })).body.code).toBe(20000)
    answered = Date.now()
    since = mark()
    expect(await infoTimes(frozen, 4)).toEqual([1002, 1002, 1002, 1002])
    await expectBothServed('after the freeze', since, '/api/user/info')
    await expectStreamsEnd(streams, answered, 'freeze')
    expect((await call(proxy, `/markets/${world.marketId}/unfreeze`, { token: official })).body.code).toBe(20000)
    world.operatorToken = await signIn(proxy, '0316100001', reset.body.data.clearPwd)
  })

  it('an unbound device and a renewed secret are refused on both instances as soon as answered', async () => {
    const unbound = device(3)
    expect([await heartbeat(unbound.code, unbound.secret), await heartbeat(unbound.code, unbound.secret)]).toEqual([
      200, 200,
    ])
    const unbind = await call(proxy, `/devices/${unbound.id}/unbind`, { token: world.operatorToken })
    expect(unbind.body.code).toBe(20000)
    let since = mark()
    const after = []
    for (let i = 0; i < 4; i++) after.push(await heartbeat(unbound.code, unbound.secret))
    expect(after).toEqual([401, 401, 401, 401])
    await expectBothServed('after the unbinding', since, '/api/device/v1/heartbeat')

    const renewed = device(2)
    expect([await heartbeat(renewed.code, renewed.secret), await heartbeat(renewed.code, renewed.secret)]).toEqual([
      200, 200,
    ])
    const rotated = await call<{ secret: string }>(proxy, `/devices/${renewed.id}/rotate-secret`, {
      token: world.operatorToken,
    })
    expect(rotated.body.code).toBe(20000)
    // The world's device keeps working for the later tests even if this one fails below.
    const oldSecret = renewed.secret
    renewed.secret = rotated.body.data.secret
    since = mark()
    const old = []
    for (let i = 0; i < 4; i++) old.push(await heartbeat(renewed.code, oldSecret))
    expect(old).toEqual([401, 401, 401, 401])
    await expectBothServed('the old secret', since, '/api/device/v1/heartbeat')
    expect([await heartbeat(renewed.code, renewed.secret), await heartbeat(renewed.code, renewed.secret)]).toEqual([
      200, 200,
    ])
  })

  it('a device event ingested by one instance reaches the subscribers of both', async () => {
    const streams = await streamPair(official)
    const sent = await sendBatch(proxy, device(0), [payment('reach-1', 1234, new Date().toISOString())])
    expect(sent.accepted).toEqual(['reach-1'])
    const seen = await Promise.all(streams.map((stream) => stream.until((event) => event.event === 'transactions')))
    expect(seen[0]?.id).toBe(seen[1]?.id)
    expect(seen.map((event) => (event.data as { paymentFen: number }).paymentFen)).toEqual([1234, 1234])
    await Promise.all(streams.map((stream) => stream.close()))
    await expectBothServed('the streams', streams.since, '/api/stream')
  })

  it('the sign-in lockout counts the attempts made on both instances', async () => {
    const input = marketInput(2)
    expect((await call(proxy, '/markets', { body: input, token: official })).body.code).toBe(20000)
    let since = mark()
    // Five wrong passwords lock the account: three reached one instance, two the other.
    for (let i = 0; i < 5; i++) {
      const wrong = await call(proxy, '/user/login', {
        body: { username: input.accountUsername, password: md5Hex('not the password') },
      })
      expect(wrong.body.code).not.toBe(20000)
    }
    await expectBothServed('the wrong passwords', since, '/api/user/login')
    since = mark()
    for (let i = 0; i < 2; i++) {
      const right = await call(proxy, '/user/login', {
        body: { username: input.accountUsername, password: md5Hex('Market123') },
      })
      expect(right.body.code).toBe(42900)
    }
    await expectBothServed('the right password, locked', since, '/api/user/login')
  })

  it('a stream on an instance killed mid-stream resumes on the other with Last-Event-ID, nothing missed or doubled', async () => {
    const streams = await streamPair(official)
    const ids = (stream: ProcessStream) =>
      stream.events.filter((event) => event.event === 'transactions').map((event) => event.id as string)
    let n = 0
    const ingest = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const id = `kill-${++n}`
        // The instance killed may have had the batch in hand: sent again until answered.
        for (;;) {
          const sent = await sendBatch(proxy, device(1), [payment(id, n, new Date().toISOString())]).catch(() => null)
          if (sent?.status === 200) break
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
    }
    await ingest(3)
    await Promise.all(streams.map((stream) => stream.until(() => ids(stream).length === 3)))
    const killedIndex = 0
    const killing = instances[killedIndex] as ServerProcess
    const ingesting = ingest(6)
    await killing.stop('SIGKILL')
    instances[killedIndex] = undefined
    const cut = await Promise.race(streams.map((stream, i) => stream.ended.then(() => i)))
    const survivor = streams[1 - cut] as ProcessStream
    const broken = streams[cut] as ProcessStream
    await ingesting
    const before = ids(broken)
    const resumed = await openProcessStream(proxy, official, before.at(-1))
    await ingest(2)
    await survivor.until(() => ids(survivor).length === 11)
    await resumed.until(() => before.length + ids(resumed).length >= 11)
    // The resumed stream replayed what it missed, then went on live: the survivor's events exactly.
    expect([...before, ...ids(resumed)]).toEqual(ids(survivor))
    expect(resumed.events.some((event) => event.event === 'reset')).toBe(false)
    console.info(
      `proxy test: a stream cut by SIGKILL after ${before.length} events resumed on the other instance with ${ids(resumed).length} more, none missed or doubled`,
    )
    await Promise.all([survivor.close(), resumed.close()])
    await start(killedIndex)
  })

  it('a rolling restart under device load loses no acknowledged event', async () => {
    const devices = world.devices.slice(0, 3)
    const acknowledged: string[] = []
    const sent = new Set<string>()
    let restarting = true
    let batches = 0
    let resent = 0
    let throttled = 0
    /** Sends the batch until answered 200: a 429 waits its Retry-After, no answer (or 502) sends it again. */
    const deliver = async (target: BoundDevice, events: ReturnType<typeof payment>[]) => {
      for (;;) {
        const answer = await call(proxy, '/device/v1/events', {
          body: { events },
          authorization: basicAuth(target.code, target.secret),
        }).catch(() => null)
        if (answer?.status === 200) return
        if (answer?.status === 429) throttled++
        else resent++
        const wait =
          answer?.status === 429 ? 1000 * Number((answer.body.data as { retryAfter?: number })?.retryAfter ?? 1) : 100
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
    }
    const load = async (target: BoundDevice) => {
      while (restarting) {
        const b = ++batches
        const events = Array.from({ length: 50 }, (_, i) =>
          payment(`roll-${b}-${i}`, 100 + i, new Date().toISOString()),
        )
        for (const event of events) sent.add(`${target.code} ${event.id}`)
        await deliver(target, events)
        for (const event of events) acknowledged.push(`${target.code} ${event.id}`)
      }
    }
    const loading = Promise.all(devices.map(load))
    for (const i of [0, 1]) {
      const since = mark()
      const served = () =>
        proxy
          .served()
          .slice(since)
          .some((line) => line.upstream === `127.0.0.1:${ports[i]}` && line.status === 200)
      expect(await (instances[i] as ServerProcess).stop('SIGTERM')).toEqual({ code: 0, signal: null })
      await start(i)
      // As an operator does: the next instance is stopped once this one takes its share again.
      await expect.poll(served, { timeout: 10_000, interval: 100 }).toBe(true)
    }
    restarting = false
    await loading

    const handle = await database.open()
    try {
      const stored = rowsOf<{ key: string }>(
        await handle.db.execute(sql`
          select d.code || ' ' || t.event_id as key from transactions t join devices d on d.id = t.device_id
          where t.event_id like 'roll-%'`),
      ).map((row) => row.key)
      const storedSet = new Set(stored)
      expect(stored.length, 'no event stored twice').toBe(storedSet.size)
      expect(
        acknowledged.filter((key) => !storedSet.has(key)),
        'acknowledged events lost',
      ).toEqual([])
      expect(storedSet.size).toBe(sent.size)
      console.info(
        `proxy test: rolling restart under load from ${devices.length} devices: ${acknowledged.length.toLocaleString('en')} acknowledged events, all stored once (${resent} sends unanswered and sent again, ${throttled} waits on 429)`,
      )
    } finally {
      await handle.close()
    }
  }, 90_000)
})
