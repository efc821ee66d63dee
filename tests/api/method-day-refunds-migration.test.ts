import { describe, expect, it } from 'vitest'
import { asc, sql } from 'drizzle-orm'
import { ALL_MARKETS, methodDayStats } from '../../server/db/schema'
import { upgradedFrom } from '../helpers/migrations'

/**
 * Migration 0024: the method day rollup gains refunds, and the days kept before it get the refunds
 * their rows hold (by Shanghai day, per market and method), the platform's rows those summed.
 */
describe('migration 0024 (method_day_stats refunds)', () => {
  it("gives the days kept before it their refunds, the platform's rows their sum", async () => {
    const east = '11111111-1111-4111-8111-111111111111'
    const west = '22222222-2222-4222-8222-222222222222'
    const upgraded = await upgradedFrom('_method_day_refunds', async (old) => {
      await old.db.execute(sql`insert into markets (id, name) values (${east}, '东门市场'), (${west}, '西门市场')`)
      const row = (market: string, event: string, type: string, method: string, fen: number, at: string) =>
        sql`(${market}, gen_random_uuid(), 'A-1', ${event}, ${type}, ${method}, ${fen}, ${at}::timestamptz)`
      await old.db.execute(
        sql`insert into transactions (market_id, device_id, stall_no, event_id, type, method, amount_fen, occurred_at) values ${sql.join(
          [
            row(east, 'p1', 'payment', 'wechat', 1000, '2026-10-31T23:30:00+08:00'),
            // 00:10 in Shanghai is the next day, though still 10-31 in UTC.
            row(east, 'r1', 'refund', 'wechat', 300, '2026-11-01T00:10:00+08:00'),
            row(east, 'r2', 'refund', 'wechat', 200, '2026-11-01T09:00:00+08:00'),
            row(west, 'r3', 'refund', 'wechat', 50, '2026-11-01T09:00:00+08:00'),
            row(west, 'r4', 'refund', 'cash', 70, '2026-11-01T09:00:00+08:00'),
          ],
          sql`, `,
        )}`,
      )
      // What the ingest kept before: payments only.
      await old.db.execute(
        sql`insert into method_day_stats (market_id, day, method, payments, payment_fen) values
          (${east}, '2026-10-31', 'wechat', 1, 1000), (${ALL_MARKETS}, '2026-10-31', 'wechat', 1, 1000)`,
      )
    })
    const rows = await upgraded.db
      .select({
        market: methodDayStats.marketId,
        day: methodDayStats.day,
        method: methodDayStats.method,
        payments: methodDayStats.payments,
        refunds: methodDayStats.refunds,
        refundFen: methodDayStats.refundFen,
      })
      .from(methodDayStats)
      .orderBy(asc(methodDayStats.marketId), asc(methodDayStats.day), asc(methodDayStats.method))
    await upgraded.close()
    const figures = (
      market: string,
      day: string,
      method: string,
      payments: number,
      refunds: number,
      refundFen: number,
    ) => ({
      market,
      day,
      method,
      payments,
      refunds,
      refundFen,
    })
    expect(rows).toEqual([
      figures(ALL_MARKETS, '2026-10-31', 'wechat', 1, 0, 0),
      figures(ALL_MARKETS, '2026-11-01', 'cash', 0, 1, 70),
      figures(ALL_MARKETS, '2026-11-01', 'wechat', 0, 3, 550),
      figures(east, '2026-10-31', 'wechat', 1, 0, 0),
      figures(east, '2026-11-01', 'wechat', 0, 2, 500),
      figures(west, '2026-11-01', 'cash', 0, 1, 70),
      figures(west, '2026-11-01', 'wechat', 0, 1, 50),
    ])
  })
})
