import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { licences, merchants, messages, recordTodos, users } from '../../server/db/schema'
import { licenceJob } from '../../server/licences/job'
import { Scheduler } from '../../server/lib/scheduled-jobs'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { idCardFor } from '../helpers/merchant-input'
import { createTestApp, Role, UserStatus, type TestApp } from '../helpers/test-app'

/**
 * The daily licence job past its chunk boundaries (server/licences/states.ts reads 500 merchants a
 * chunk and writes 100 a transaction; the record to-dos kit sends 200 a batch, continuing after the
 * last): 600 merchants whose licence enters its last 30 days each get exactly one reminder and the
 * right state. And after ten days down, a licence that ended meanwhile is expired, though the caught-up
 * slots finished. The test clock starts at 2026-11-01 10:00 in Shanghai.
 */
const COUNT = 600
const DAY = 86_400_000
const logger = pino({ level: 'silent' })
const pad = (n: number, width: number) => String(n).padStart(width, '0')

let t: TestApp
let own: { marketId: string; username: string; token: string }
/** A merchant whose health certificate ends on 2026-11-03, while the server is down. */
let endsWhileDown: string

const scheduler = () => new Scheduler({ db: t.db, clock: t.time.clock, logger }, [licenceJob])
const stateOf = async (id: string) =>
  (await t.db.select({ state: merchants.licenceState }).from(merchants).where(eq(merchants.id, id)))[0]?.state
const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? -1

beforeAll(async () => {
  t = await createTestApp()
  const official = (await withOfficial(t)).token
  own = await withOperator(t, { token: official }, 301)
  // Inserted directly (one fake hash shared): the job, not registration, is under test here.
  const rows = Array.from({ length: COUNT + 1 }, (_, i) => ({ i, uk: randomUUID(), id: randomUUID() }))
  await t.db.insert(users).values(
    rows.map(({ i, uk }) => ({
      uk,
      username: `${own.username}-${pad(i + 1, 4)}`,
      passwordHash: 'scrypt$1$1$1$AA==$AA==',
      role: Role.MERCHANT,
      status: UserStatus.NORMAL,
      marketId: own.marketId,
    })),
  )
  await t.db.insert(merchants).values(
    rows.map(({ i, uk, id }) => ({
      id,
      marketId: own.marketId,
      accountUk: uk,
      accountUsername: `${own.username}-${pad(i + 1, 4)}`,
      name: `张记蔬菜 #${pad(i, 4)}`,
      stallNo: `C-${pad(i, 4)}`,
      phone: `13711${pad(i, 6)}`,
      category: 'vegetables',
      status: 'active' as const,
      bankMerchantNo: `20304${pad(i, 6)}`,
      idCardNo: idCardFor(i),
      age: 40,
      gender: 'female',
      // As the forms stored them on 2026-11-01: valid for more than 30 days, or expiring.
      licenceState: i < COUNT ? 'valid' : 'expiring',
    })),
  )
  endsWhileDown = rows[COUNT]!.id
  await t.db.insert(licences).values(
    rows.flatMap(({ i, id }) => [
      {
        marketId: own.marketId,
        merchantId: id,
        kind: 'health_certificate',
        number: `JK${pad(i, 6)}`,
        authority: '广阳区卫生健康局',
        validFrom: '2026-01-01',
        // The 600 enter their last 30 days on 2026-11-02 (2026-12-02 is then 30 days away).
        validUntil: i < COUNT ? '2026-12-02' : '2026-11-03',
      },
      {
        marketId: own.marketId,
        merchantId: id,
        kind: 'food_business_licence',
        number: `JY${pad(i, 6)}`,
        authority: '广阳区市场监督管理局',
        validFrom: '2026-01-01',
        validUntil: '2027-06-01',
      },
    ]),
  )
})
afterAll(async () => {
  await t.close()
})

describe('the daily licence job past its chunks', () => {
  it('moves every one of 600 merchants and reminds of each licence exactly once, with two instances at once', async () => {
    await scheduler().tick()
    // 2026-11-02: a day on from a run that brought the states up to its day, so only the moves are read.
    t.time.advance(DAY)
    await Promise.all([scheduler().tick(), scheduler().tick()])
    const states = await t.db
      .select({ state: merchants.licenceState, n: sql<number>`count(*)::int` })
      .from(merchants)
      .where(eq(merchants.marketId, own.marketId))
      .groupBy(merchants.licenceState)
    expect(states).toEqual([{ state: 'expiring', n: COUNT + 1 }])
    const claimed = () =>
      countOf(
        t.db
          .select({ n: sql<number>`count(distinct ${recordTodos.recordKey})::int` })
          .from(recordTodos)
          .where(and(eq(recordTodos.type, 'licence_reminder'), eq(recordTodos.marketId, own.marketId))),
      )
    const todos = () =>
      countOf(
        t.db
          .select({ n: sql<number>`count(distinct ${messages.params}->>'licenceId')::int` })
          .from(messages)
          .innerJoin(users, eq(users.uk, messages.userUk))
          .where(and(eq(messages.messageType, 'licence_reminder'), eq(users.marketId, own.marketId))),
      )
    const sent = () =>
      countOf(
        t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(messages)
          .innerJoin(users, eq(users.uk, messages.userUk))
          .where(and(eq(messages.messageType, 'licence_reminder'), eq(users.marketId, own.marketId))),
      )
    // Each of the 600 its 30-day reminder, and the one ending on 2026-11-03 its 7-day one (sent 11-01).
    expect(await claimed()).toBe(COUNT + 1)
    expect(await todos()).toBe(COUNT + 1)
    expect(await sent()).toBe(COUNT + 1)
    // Another day: the same reminders are not sent again.
    t.time.advance(DAY)
    await scheduler().tick()
    expect(await sent()).toBe(COUNT + 1 + 1) // the day-itself reminder of 2026-11-03
  })

  it('after ten days down, a licence that ended meanwhile is expired though the caught-up slots finished', async () => {
    expect(await stateOf(endsWhileDown)).toBe('expiring')
    // From 2026-11-03 to 2026-11-14: the slots of 11-08 to 11-14 run in one tick, 11-13's after 11-14's fell due.
    t.time.advance(11 * DAY)
    await scheduler().tick()
    expect(await stateOf(endsWhileDown)).toBe('expired')
  })
})
