import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import {
  MARKET_LICENCE_KINDS,
  MERCHANT_LICENCE_KINDS,
  type HolderLicences,
  type LicenceCounts,
  type LicenceKind,
} from '../../contract/licences'
import { LICENCE_STATES, licenceState, worstLicenceState, type LicenceState } from '../../contract/licence-state'
import { addDays, shanghaiToday } from '../../contract/time'
import type { Database } from '../db/client'
import { licences, markets, merchants } from '../db/schema'
import { ApiError } from '../lib/errors'
import { allOf } from '../lib/list-query'
import { inScope, isInScope, marketScope } from '../lib/scope'
import type { ServerDeps, SessionUser } from '../lib/types'

/** Reads of licences, each held to the caller's market scope (another market's id is simply not found). */

type Caller = Pick<SessionUser, 'role' | 'marketId'>
type LicenceRow = typeof licences.$inferSelect

/** A holder's licences of the kinds it must hold, each with its state today. */
function holderLicences(kinds: readonly LicenceKind[], rows: LicenceRow[], today: string, graceUntil: string | null) {
  const entries = kinds.map((kind) => {
    const row = rows.find((licence) => licence.kind === kind)
    const state = licenceState(row?.validUntil, today)
    return {
      kind,
      state,
      licence: row
        ? {
            kind,
            number: row.number,
            authority: row.authority,
            validFrom: row.validFrom,
            validUntil: row.validUntil,
            state,
          }
        : null,
    }
  })
  return { state: worstLicenceState(entries.map((entry) => entry.state)), licences: entries, graceUntil }
}

/** A merchant's two licences, with the last day of its market's grace for missing ones. */
export async function getMerchantLicences(
  { db, clock }: Pick<ServerDeps, 'db' | 'clock'>,
  caller: Caller,
  id: string,
): Promise<HolderLicences> {
  const [merchant] = await db
    .select({ marketId: merchants.marketId, graceFrom: markets.licenceGraceFrom, graceDays: markets.licenceGraceDays })
    .from(merchants)
    .innerJoin(markets, eq(markets.id, merchants.marketId))
    .where(eq(merchants.id, id))
    .limit(1)
  if (!merchant || !isInScope(marketScope(caller), merchant.marketId))
    throw new ApiError(ApiCode.NOT_FOUND, 'error_merchant_not_found')
  const rows = await db.select().from(licences).where(eq(licences.merchantId, id))
  return holderLicences(
    MERCHANT_LICENCE_KINDS,
    rows,
    shanghaiToday(clock()),
    addDays(merchant.graceFrom, merchant.graceDays - 1),
  )
}

/** A market's own two licences. */
export async function getMarketLicences(
  { db, clock }: Pick<ServerDeps, 'db' | 'clock'>,
  caller: Caller,
  id: string,
): Promise<HolderLicences> {
  if (!isInScope(marketScope(caller), id)) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
  const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.id, id)).limit(1)
  if (!market) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
  const rows = await db
    .select()
    .from(licences)
    .where(and(eq(licences.marketId, id), isNull(licences.merchantId)))
  return holderLicences(MARKET_LICENCE_KINDS, rows, shanghaiToday(clock()), null)
}

/**
 * How many active merchants of the scope are in each state, from the stored worst state (one index
 * scan per market: merchants_market_licence_idx), as the list filtered by each state counts them.
 */
export async function licenceCounts(
  { db }: { db: Database },
  caller: Caller,
  query: { market?: string | undefined },
): Promise<LicenceCounts> {
  const rows = await db
    .select({ state: merchants.licenceState, n: sql<number>`count(*)`.mapWith(Number) })
    .from(merchants)
    .where(allOf(inScope(merchants.marketId, marketScope(caller, query.market)), eq(merchants.status, 'active')))
    .groupBy(merchants.licenceState)
  const counts = Object.fromEntries(LICENCE_STATES.map((state) => [state, 0])) as LicenceCounts
  for (const row of rows) if (row.state in counts) counts[row.state as keyof LicenceCounts] = row.n
  return counts
}

/** The worse of each market's own two licences today (the market list's column), for a page of markets. */
export async function marketLicenceStates(
  db: Pick<Database, 'select'>,
  marketIds: string[],
  today: string,
): Promise<Map<string, LicenceState>> {
  const rows =
    marketIds.length === 0
      ? []
      : await db
          .select()
          .from(licences)
          .where(and(inArray(licences.marketId, marketIds), isNull(licences.merchantId)))
  return new Map(
    marketIds.map((id) => [
      id,
      holderLicences(
        MARKET_LICENCE_KINDS,
        rows.filter((row) => row.marketId === id),
        today,
        null,
      ).state,
    ]),
  )
}
