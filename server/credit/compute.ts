import { and, eq, inArray, sql } from 'drizzle-orm'
import { CREDIT_WINDOW_DAYS, creditOf, creditWeightsOf, type CreditReason } from '../../contract/credit'
import type { Database } from '../db/client'
import { MERCHANT_LICENCE_KINDS } from '../../contract/licences'
import { addDays, shanghaiToday } from '../../contract/time'
import { complaints, licences, markets, merchants, pesticideTests } from '../db/schema'

const DAY_MS = 86_400_000

/**
 * Recomputes the credit of a market's merchants (all, or those named) from its records of the last
 * CREDIT_WINDOW_DAYS at `now`, with the market's weights: one read of the counts, the rule applied
 * here (contract/credit.ts: one rule, the same the docs explain), one write of the ratings that
 * changed. Called in the transaction that changed an input, and by the daily job (records age out).
 * Answers how many ratings changed.
 */
export async function recomputeCredit(
  db: Database,
  marketId: string,
  merchantIds: readonly string[] | null,
  now: Date,
): Promise<number> {
  if (merchantIds?.length === 0) return 0
  const since = new Date(now.getTime() - CREDIT_WINDOW_DAYS * DAY_MS)
  const [market] = await db
    .select({
      weights: markets.creditWeights,
      graceFrom: markets.licenceGraceFrom,
      graceDays: markets.licenceGraceDays,
    })
    .from(markets)
    .where(eq(markets.id, marketId))
  if (!market) return 0
  const weights = creditWeightsOf(market.weights)
  const today = shanghaiToday(now)
  // A missing licence counts once the market's grace is over (its last day: from + days - 1).
  const graceOver = today > addDays(market.graceFrom, market.graceDays - 1)
  const which = and(eq(merchants.marketId, marketId), merchantIds ? inArray(merchants.id, [...merchantIds]) : undefined)
  // The merchants' rows first, in id order: two transactions that each changed an input wait for one
  // another here, and the second then counts the first's committed record (under READ COMMITTED each
  // statement reads afresh), so neither writes a rating that misses the other's.
  await db.select({ id: merchants.id }).from(merchants).where(which).orderBy(merchants.id).for('update')
  // The subqueries name the outer row as `merchants.id`: a column interpolated there is written
  // unqualified, and would read the subquery's own table.
  const rows = await db
    .select({
      id: merchants.id,
      stars: merchants.creditStars,
      points: merchants.creditPoints,
      reasons: merchants.creditReasons,
      upheld: sql<string>`(select count(*) from ${complaints} c where c.merchant_id = merchants.id and c.state = 'resolved' and c.outcome = 'upheld' and c.closed_at >= ${since.toISOString()}::timestamptz)`,
      partlyUpheld: sql<string>`(select count(*) from ${complaints} c where c.merchant_id = merchants.id and c.state = 'resolved' and c.outcome = 'partly_upheld' and c.closed_at >= ${since.toISOString()}::timestamptz)`,
      failed: sql<string>`(select count(*) from ${pesticideTests} p where p.market_id = ${marketId} and p.merchant_id = merchants.id and p.result = 'fail' and p.tested_at >= ${since.toISOString()}::timestamptz)`,
      // Its licences held now, and those past their last day (contract/licence-state.ts: expired).
      held: sql<string>`(select count(*) from ${licences} l where l.merchant_id = merchants.id)`,
      expired: sql<string>`(select count(*) from ${licences} l where l.merchant_id = merchants.id and l.valid_until < ${today}::date)`,
    })
    .from(merchants)
    .where(which)
  const changed = rows.flatMap((row) => {
    const counts: Record<CreditReason, number> = {
      complaint_upheld: Number(row.upheld),
      complaint_partly_upheld: Number(row.partlyUpheld),
      pesticide_failed: Number(row.failed),
      licence_expired: Number(row.expired),
      licence_missing: graceOver ? Math.max(0, MERCHANT_LICENCE_KINDS.length - Number(row.held)) : 0,
    }
    const credit = creditOf(counts, weights)
    const same =
      credit.stars === row.stars &&
      credit.points === row.points &&
      JSON.stringify(credit.reasons) === JSON.stringify(row.reasons)
    return same ? [] : [{ id: row.id, ...credit }]
  })
  if (changed.length > 0)
    await db.execute(sql`
      update ${merchants} m set
        credit_stars = u.stars, credit_points = u.points, credit_reasons = u.reasons,
        credit_computed_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as u(id uuid, stars smallint, points integer, reasons jsonb)
      where m.id = u.id and m.market_id = ${marketId}`)
  return changed.length
}
