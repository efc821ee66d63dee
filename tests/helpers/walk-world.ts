import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { merchants, messages, pesticideTests, sessions, transactions, users } from '../../server/db/schema'
import { hashSecret } from '../../server/lib/tokens'
import { basicAuth, deviceCall, passengers, payment, pesticideTest, refund, withDevice } from './devices'
import { withOfficial, withOperator } from './fixtures'
import { PNG } from './images'
import { merchantInput } from './merchant-input'
import { createUser, Role, UserStatus, type TestApp } from './test-app'
import { typedApi } from './typed-api'

/**
 * The world the permission walk (tests/api/permissions.test.ts) runs in: markets A and B, each with
 * a merchant, a file, three devices, a day of trade and a failed test's notice, every name carrying
 * the market's marker (QZXA / QZXB) so that any of B's rows in an answer to A is found by text; and
 * market C, which OFFICIAL's edits, freezes and unbinds act on. Then one credential per kind of caller.
 */

export const CALLERS = [
  'anonymous',
  'expired',
  'garbage',
  'frozen',
  'merchant',
  'marketA',
  'marketB',
  'official',
  'deviceA',
  'unboundDevice',
] as const
export type Caller = (typeof CALLERS)[number]

/** The test clock's now is 2026-11-01 10:00 in Shanghai: today's trade, inside the dashboard's last hour. */
export const TRADED_AT = '2026-11-01T09:45:00+08:00'

/**
 * B's amounts: 654,321 fen, twice, and a refund of 4,321: plausible for a wholesale stall (well inside
 * any amount bound), and, since A's amounts are whole yuan (multiples of 100 fen) and B's end in 21,
 * any sum of A's that takes one of B's in is not whole yuan.
 */
export const B_PAYMENT_FEN = 654_321
const B_REFUND_FEN = 4_321
/** A's passenger counts are multiples of 10; B's (77 in, 7 out a minute: plausible at one gate) are not. */
const B_PASSENGERS_IN = 77

export type Place = {
  name: 'A' | 'B' | 'C'
  marker: string
  marketId: string
  operator: { token: string; uk: string; username: string }
  merchantId: string
  merchantAccountUk: string
  /** The merchant's own sign-in, as registration handed it out. */
  merchantAccount: { username: string; password: string }
  fileId: string
  /** Two complaints of the market, against its merchant: one to take up and resolve, one to withdraw. */
  complaints: { handled: string; withdrawn: string }
  /** The failed test's notice in the operator's message box. */
  noticeId: string
  terminal: { id: string; code: string; secret: string }
  counter: { id: string; code: string; secret: string }
  tester: { id: string; code: string; secret: string }
}

export type World = {
  official: { token: string; uk: string }
  places: Record<'A' | 'B' | 'C', Place>
  /** The Authorization header each caller sends (none for anonymous). */
  auth: Record<Caller, string | null>
  /** Each market's first payment's id, as the transactions list names it (time in microseconds, row). */
  paymentIds: Record<'A' | 'B' | 'C', string>
  /** Each market's failed pesticide test's id. */
  testIds: Record<'A' | 'B' | 'C', string>
  /** What A's trade adds up to today: A's dashboard must show exactly this. */
  aToday: { payments: number; paymentFen: number; refunds: number; refundFen: number; passengersIn: number }
}

/** Markets register with a marker in their name; the market's merchant, stall, devices and produce carry it too. */
async function place(t: TestApp, official: { token: string }, name: 'A' | 'B' | 'C', n: number): Promise<Place> {
  const marker = `QZX${name}`
  const operator = await withOperator(t, official, n, { name: `${marker} 农贸市场` })
  const [account] = await t.db.select({ uk: users.uk }).from(users).where(eq(users.username, operator.username))
  const upload = await t.upload<{ id: string }>(PNG, { token: operator.token, type: 'image/png', filename: 'a.png' })
  const fileId = upload.body.data.id
  const registered = await typedApi(t.call)(
    '/merchants',
    '$post',
    {
      json: {
        ...merchantInput(n, { name: `${marker} 商户`, stallNo: `${marker}-1`, healthCertificateFileId: fileId }),
      },
    },
    { token: operator.token },
  ).then((answer) => {
    if (answer.body.code !== 20000) throw new Error(`merchant of ${name}: ${answer.body.msg}`)
    return answer.body.data
  })
  const merchantId = registered.id
  const [merchant] = await t.db
    .select({ accountUk: merchants.accountUk })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
  const complain = async () => {
    const answer = await typedApi(t.call)(
      '/complaints',
      '$post',
      {
        json: {
          channel: 'phone',
          category: 'short_weight',
          merchantId,
          description: `${marker} 投诉`,
          complainantContact: '13812345678',
        },
      },
      { token: operator.token },
    )
    if (answer.body.code !== 20000) throw new Error(`complaint of ${name}: ${answer.body.msg}`)
    return answer.body.data.id
  }
  const complaints = { handled: await complain(), withdrawn: await complain() }
  const bind = async (kind: 'payment_terminal' | 'passenger_counter' | 'pesticide_tester', suffix: string) => {
    const device = await withDevice(t, operator.token, {
      kind,
      ...(kind === 'payment_terminal' ? { merchantId } : { stallNo: `${marker}-${suffix}` }),
    })
    return { id: device.id, code: device.code, secret: device.secret }
  }
  return {
    name,
    marker,
    marketId: operator.marketId,
    operator: { token: operator.token, uk: account!.uk, username: operator.username },
    merchantId,
    merchantAccountUk: merchant!.accountUk!,
    merchantAccount: { username: registered.accountUsername, password: registered.clearPwd },
    fileId,
    complaints,
    noticeId: '',
    terminal: await bind('payment_terminal', 'PT'),
    counter: await bind('passenger_counter', 'GATE'),
    tester: await bind('pesticide_tester', 'LAB'),
  }
}

/** A day of trade: payments, a refund, passengers and a failed test (a notice to the market's operators and OFFICIAL). */
async function trade(
  t: TestApp,
  at: Place,
  figures: { payments: number[]; refundFen: number; in: number; out: number },
) {
  const ok = async (device: { code: string; secret: string }, events: unknown[]) => {
    const answer = await deviceCall(t, device, '/events', { events })
    if (answer.body.code !== 20000) throw new Error(`${at.name} ingest: ${JSON.stringify(answer.body)}`)
  }
  await ok(at.terminal, [
    ...figures.payments.map((fen, i) => payment(`${at.marker}-p${i}`, fen, TRADED_AT)),
    refund(`${at.marker}-r0`, `${at.marker}-p0`, figures.refundFen, TRADED_AT),
  ])
  await ok(at.counter, [passengers(`${at.marker}-c0`, figures.in, figures.out, TRADED_AT)])
  await ok(at.tester, [{ ...pesticideTest(`${at.marker}-t0`, TRADED_AT, 'fail', 62.5), produce: `${at.marker}菜` }])
  const [notice] = await t.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.userUk, at.operator.uk), eq(messages.type, 'notice')))
  if (!notice) throw new Error(`no notice for ${at.name}'s operator`)
  at.noticeId = notice.id
}

/** A session made in the database: for accounts the API would never sign in (a merchant's). */
async function sessionFor(t: TestApp, userUk: string): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  const now = t.time.clock()
  await t.db.insert(sessions).values({
    tokenHash: hashSecret(token),
    userUk,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  })
  return token
}

/**
 * What marks a place's rows in any answer: its marker word, its ids and device codes, its operator's
 * name and, for B, its amounts and their sums.
 */
export function markersOf(at: Place): string[] {
  const devices = [at.terminal, at.counter, at.tester]
  return [
    at.marker,
    at.marketId,
    at.merchantId,
    at.merchantAccountUk,
    at.fileId,
    at.noticeId,
    at.operator.username,
    ...devices.flatMap((device) => [device.id, device.code]),
    ...(at.name === 'B'
      ? // B's payment and sums, six figures and more (a shorter one could be a uuid's group); its refund
        // and counts are found by their figures (walk-check.ts, foreignFigures).
        [B_PAYMENT_FEN, 2 * B_PAYMENT_FEN, 2 * B_PAYMENT_FEN - B_REFUND_FEN].map(String)
      : []),
  ]
}

export async function buildWorld(t: TestApp): Promise<World> {
  const official = await withOfficial(t)
  const places = {
    A: await place(t, official, 'A', 1),
    B: await place(t, official, 'B', 2),
    C: await place(t, official, 'C', 3),
  }
  const aPayments = [1_200, 3_400]
  await trade(t, places.A, { payments: aPayments, refundFen: 200, in: 30, out: 10 })
  await trade(t, places.B, {
    payments: [B_PAYMENT_FEN, B_PAYMENT_FEN],
    refundFen: B_REFUND_FEN,
    in: B_PASSENGERS_IN,
    out: 7,
  })
  await trade(t, places.C, { payments: [500], refundFen: 100, in: 10, out: 10 })

  // A second account of market A, frozen after it signed in; a session of A's that has expired.
  await createUser(t.db, {
    username: 'walk-frozen',
    password: 'Market123',
    role: Role.MARKET,
    marketId: places.A.marketId,
  })
  const frozen = await t.tokenFor('walk-frozen', 'Market123')
  await t.db.update(users).set({ status: UserStatus.FROZEN }).where(eq(users.username, 'walk-frozen'))
  const expired = await t.tokenFor(places.A.operator.username, 'Market123')
  await t.db
    .update(sessions)
    .set({ expiresAt: new Date(t.time.clock().getTime() - 1_000) })
    .where(eq(sessions.tokenHash, hashSecret(expired)))
  // A's merchant's own account: it exists, but has no console role.
  const merchant = await sessionFor(t, places.A.merchantAccountUk)
  const [merchantRole] = await t.db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.uk, places.A.merchantAccountUk), eq(users.role, Role.MERCHANT)))
  if (!merchantRole) throw new Error("A's merchant account is not a MERCHANT account")
  // A device of A's that was bound, then unbound: its credentials once worked.
  const unbound = await withDevice(t, places.A.operator.token, { kind: 'passenger_counter', stallNo: 'QZXA-OLD' })
  const unbind = await t.call(`/api/devices/${unbound.id}/unbind`, { token: places.A.operator.token })
  if (unbind.body.code !== 20000) throw new Error(`unbind: ${unbind.body.msg}`)
  const paymentIds = Object.fromEntries(
    await Promise.all(
      (['A', 'B', 'C'] as const).map(async (name) => {
        const [row] = await t.db
          .select({
            id: sql<string>`(extract(epoch from ${transactions.occurredAt}) * 1000000)::bigint || '-' || ${transactions.id}`,
          })
          .from(transactions)
          .where(and(eq(transactions.marketId, places[name].marketId), eq(transactions.type, 'payment')))
          .limit(1)
        if (!row) throw new Error(`no payment of ${name}`)
        return [name, row.id]
      }),
    ),
  ) as Record<'A' | 'B' | 'C', string>
  const testIds = Object.fromEntries(
    await Promise.all(
      (['A', 'B', 'C'] as const).map(async (name) => {
        const [row] = await t.db
          .select({ id: pesticideTests.id })
          .from(pesticideTests)
          .where(and(eq(pesticideTests.marketId, places[name].marketId), eq(pesticideTests.result, 'fail')))
          .limit(1)
        if (!row) throw new Error(`no failed test of ${name}`)
        return [name, row.id]
      }),
    ),
  ) as Record<'A' | 'B' | 'C', string>
  t.time.advance(6_000) // past the session cache window, so the frozen and expired sessions are read afresh

  return {
    official: { token: official.token, uk: official.uk },
    places,
    paymentIds,
    testIds,
    auth: {
      anonymous: null,
      expired,
      garbage: 'Bearer not-a-token-at-all',
      frozen,
      merchant,
      marketA: places.A.operator.token,
      marketB: places.B.operator.token,
      official: official.token,
      deviceA: basicAuth(places.A.terminal.code, places.A.terminal.secret),
      unboundDevice: basicAuth(unbound.code, unbound.secret),
    },
    aToday: {
      payments: aPayments.length,
      paymentFen: aPayments.reduce((sum, fen) => sum + fen, 0),
      refunds: 1,
      refundFen: 200,
      passengersIn: 30,
    },
  }
}
