import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { transactions } from '../../server/db/schema'
import { DEVICE_CALL_ALLOWANCE } from '../../server/device-api/call-rate'
import { STREAM_CAPS } from '../../server/live/stream-places'
import { deviceCall, openStream, payment, withDevice, withMerchant, type LiveStream } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'

/**
 * No caller takes more than its share (issue 21): a device calling past its allowance is slowed with
 * 429 and Retry-After while the other devices of its market and the console keep being answered; a
 * session or an account opening live streams past its cap is refused the extra ones, and a closed
 * stream frees its place. The test clock stands still unless a test moves it: a bucket refills only then.
 */

type Batch = { accepted: string[]; duplicates: string[] }

let t: TestApp
let official: { uk: string; token: string; username: string }
let operator: Awaited<ReturnType<typeof withOperator>>
let merchant: string

beforeAll(async () => {
  // The production figures (the test app's own default lets tests call freely).
  t = await createTestApp({ deviceCallAllowance: DEVICE_CALL_ALLOWANCE })
  official = await withOfficial(t)
  operator = await withOperator(t, official, 1)
  merchant = await withMerchant(t, operator.token, 1)
})
afterAll(async () => {
  await t.close()
})

/** 10 minutes before the test clock's now, in UTC. */
const justNow = () => new Date(t.time.clock().getTime() - 600_000).toISOString()
let serial = 0

describe('device call rate', () => {
  it('slows a device past its allowance with 429 and Retry-After; its market and the console are still answered', async () => {
    const looping = await withDevice(t, operator.token, { kind: 'payment_terminal', merchantId: merchant })
    const honest = await withDevice(t, operator.token, { kind: 'scale', merchantId: merchant })
    const { burst, perSecond } = DEVICE_CALL_ALLOWANCE
    // A burst is allowed whole, at one instant.
    const allowed = await Promise.all(Array.from({ length: burst }, () => deviceCall(t, looping, '/heartbeat', {})))
    expect(allowed.map((answer) => answer.body.code)).toEqual(Array(burst).fill(20000))

    const refusedId = `loop-${++serial}`
    const refused = await deviceCall<{ retryAfter: number }>(t, looping, '/events', {
      events: [payment(refusedId, 100, justNow())],
    })
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({
      code: 42900,
      msg: 'This device is calling too often: wait 1 s before its next call.',
      data: { retryAfter: 1 },
    })
    expect(refused.headers.get('retry-after')).toBe('1')
    // Refused before any work: nothing stored.
    const stored = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.deviceId, looping.id), eq(transactions.eventId, refusedId)))
    expect(stored).toEqual([])
    const inChinese = await deviceCall(t, looping, '/heartbeat', {}, { locale: 'zh-CN' })
    expect(inChinese.body).toMatchObject({ code: 42900, msg: '该设备调用过于频繁，请等待 1 秒后再调用。' })

    // Meanwhile another device of the same market, and the console, are answered.
    const batch = await deviceCall<Batch>(t, honest, '/events', {
      events: [payment(`honest-${++serial}`, 250, justNow())],
    })
    expect(batch.body.code, batch.body.msg).toBe(20000)
    expect(batch.body.data.accepted).toHaveLength(1)
    expect((await deviceCall(t, honest, '/heartbeat', {})).body.code).toBe(20000)
    expect((await t.call('/api/user/info', { token: operator.token })).body.code).toBe(20000)
    expect((await t.call('/api/devices?pageSize=10', { method: 'GET', token: operator.token })).body.code).toBe(20000)

    // A second later the bucket holds a second's allowance again, and no more.
    t.time.advance(1_000)
    const next = await Promise.all(
      Array.from({ length: perSecond + 1 }, () => deviceCall(t, looping, '/heartbeat', {})),
    )
    expect(next.map((answer) => answer.body.code).sort()).toEqual([...Array(perSecond).fill(20000), 42900])
  })

  it('counts each device on its own: a refused device never uses up another one', async () => {
    const first = await withDevice(t, operator.token, { kind: 'payment_terminal', merchantId: merchant })
    const second = await withDevice(t, operator.token, { kind: 'payment_terminal', merchantId: merchant })
    const { burst } = DEVICE_CALL_ALLOWANCE
    for (let i = 0; i <= burst; i++) await deviceCall(t, first, '/heartbeat', {})
    expect((await deviceCall(t, first, '/heartbeat', {})).status).toBe(429)
    const answers = await Promise.all(Array.from({ length: burst }, () => deviceCall(t, second, '/heartbeat', {})))
    expect(answers.every((answer) => answer.body.code === 20000)).toBe(true)
  })

  it('refuses wrong credentials as before (40100), whatever the code has used', async () => {
    const device = await withDevice(t, operator.token, { kind: 'payment_terminal', merchantId: merchant })
    for (let i = 0; i < DEVICE_CALL_ALLOWANCE.burst; i++) await deviceCall(t, device, '/heartbeat', {})
    expect((await deviceCall(t, device, '/heartbeat', {})).status).toBe(429)
    const stranger = await deviceCall(
      t,
      { code: device.code, secret: 'wrong' },
      '/heartbeat',
      {},
      {
        address: '198.51.100.7',
      },
    )
    expect(stranger.body.code).toBe(40100)
  })
})

describe('live stream cap', () => {
  const open: LiveStream[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((stream) => stream.close()))
  })
  const stream = async (token: string) => {
    const opened = await openStream(t, token)
    open.push(opened)
    return opened
  }
  const refusedStream = (token: string, locale = 'en-US') =>
    t.call<{ retryAfter: number }>('/api/stream', { method: 'GET', token, locale })

  it('refuses a session its extra streams with 429, and a closed stream frees a place', async () => {
    const token = await t.tokenFor(official.username, 'Official123')
    for (let i = 0; i < STREAM_CAPS.perSession; i++) await stream(token)
    const subscribers = t.live.subscriberCount
    const refused = await refusedStream(token)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({
      code: 42900,
      msg: 'Too many live connections are open for this account: close a console tab, or wait and it will reconnect.',
      data: { retryAfter: 30 },
    })
    expect(refused.headers.get('retry-after')).toBe('30')
    expect((await refusedStream(token, 'zh-CN')).body.msg).toBe(
      '此账号打开的实时连接过多：请关闭一个控制台标签页，或稍候自动重连。',
    )
    // Refused before anything was set up.
    expect(t.live.subscriberCount).toBe(subscribers)
    // Another session of the same account, and another account, still get theirs; the console answers.
    await stream(await t.tokenFor(official.username, 'Official123'))
    await stream(operator.token)
    expect((await t.call('/api/user/info', { token })).body.code).toBe(20000)

    await open.shift()?.close()
    const again = await stream(token)
    expect(again.events[0]?.event).toBe('ready')
    expect((await refusedStream(token)).status).toBe(429)
  })

  it('refuses an account its extra streams across its sessions', async () => {
    const account = await withOperator(t, official, 2)
    const sessions = [account.token]
    while (sessions.length * STREAM_CAPS.perSession < STREAM_CAPS.perAccount + STREAM_CAPS.perSession)
      sessions.push(await t.tokenFor(account.username, 'Market123'))
    let opened = 0
    for (const token of sessions)
      for (let i = 0; i < STREAM_CAPS.perSession && opened < STREAM_CAPS.perAccount; i++, opened++) await stream(token)
    // The last session holds fewer than its own cap; the account holds its whole.
    const last = sessions.at(-1) as string
    const refused = await refusedStream(last)
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe(42900)
    // Closing one of the account's streams (any session's) frees a place for the last session.
    await open.shift()?.close()
    expect((await stream(last)).events[0]?.event).toBe('ready')
    expect((await refusedStream(last)).status).toBe(429)
  })
})
