import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Role } from '../../contract/roles'
import { rowsOf } from '../../server/db/client'
import { ALL_MARKETS } from '../../server/db/schema'
import { deviceCall, payment, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { halfMade } from '../helpers/half-made'
import { expectRollupsEqualRows } from '../helpers/rollup-check'
import { createTestApp, createUser, type TestApp } from '../helpers/test-app'

/**
 * The crash tests' own checks can fail: each notices the damage it is there to find (a half-made
 * registration, an event counted twice or not at all in a rollup), so a crash test that passes says so.
 */

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  const official = await withOfficial(t)
  const operator = await withOperator(t, official, 1)
  const merchantId = await withMerchant(t, operator.token, 1)
  const terminal = await withDevice(t, operator.token, { kind: 'payment_terminal', merchantId })
  const answer = await deviceCall(t, terminal, '/events', {
    events: [payment('p1', 1200, '2026-11-01T09:30:00+08:00'), payment('p2', 800, '2026-11-01T09:31:00+08:00')],
  })
  expect(answer.status).toBe(200)
})
afterAll(async () => {
  await t.close()
})

describe('the crash tests’ checks', () => {
  it('find nothing wrong in what the API made', async () => {
    expect(await halfMade(t.db)).toEqual({})
    await expectRollupsEqualRows(t.db)
  })

  it('notice a market without its account and an account without its merchant', async () => {
    const [market] = rowsOf<{ id: string }>(
      await t.db.execute(sql`insert into markets (name) values ('half') returning id`),
    )
    const uk = await createUser(t.db, { username: `m-${randomUUID()}`, password: 'Merchant123', role: Role.MERCHANT })
    expect(Object.keys(await halfMade(t.db)).sort()).toEqual([
      'a MERCHANT account without its merchant',
      'a market without its account',
      'markets without their register audit entry, or the reverse',
    ])
    await t.db.execute(sql`delete from users where uk = ${uk}`)
    await t.db.execute(sql`delete from markets where id = ${market!.id}`)
    expect(await halfMade(t.db)).toEqual({})
  })

  it('notice one fen too many in a rollup, and a payment stored twice', async () => {
    await t.db.execute(sql`update market_day_stats set payment_fen = payment_fen + 1 where market_id <> ${ALL_MARKETS}`)
    await expect(expectRollupsEqualRows(t.db)).rejects.toThrow(/market_day_stats/)
    await t.db.execute(sql`update market_day_stats set payment_fen = payment_fen - 1 where market_id <> ${ALL_MARKETS}`)
    await expectRollupsEqualRows(t.db)
    const columns = 'market_id, device_id, merchant_id, stall_no, event_id, type, method, amount_fen, occurred_at'
    await t.db.execute(sql.raw(`insert into transactions (${columns}) select ${columns} from transactions limit 1`))
    await expect(expectRollupsEqualRows(t.db)).rejects.toThrow()
  })
})
