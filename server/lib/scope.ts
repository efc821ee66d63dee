import { eq, type AnyColumn, type SQL } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import { Role } from '../../contract/roles'
import { ApiError } from './errors'
import type { SessionUser } from './types'

/** The market a request may see: one market's id, or null for all markets. */
export type MarketScope = string | null

/**
 * DESIGN §7: a MARKET caller is held to its own market whatever it asks for; an OFFICIAL caller gets
 * the market it asked for, or all. Decided here, on the server, for every query of market data.
 */
export function marketScope(caller: Pick<SessionUser, 'role' | 'marketId'>, requested?: string | null): MarketScope {
  if (caller.role === Role.OFFICIAL) return requested ?? null
  if (caller.role === Role.MARKET && caller.marketId) return caller.marketId
  throw new ApiError(ApiCode.FORBIDDEN, 'error_forbidden')
}

/** The condition a scoped query adds: the market's rows, or none for all markets. */
export const inScope = (column: AnyColumn, scope: MarketScope): SQL | undefined =>
  scope === null ? undefined : eq(column, scope)

/** Whether a record of `marketId` is visible in the scope. */
export const isInScope = (scope: MarketScope, marketId: string | null) => scope === null || scope === marketId

/**
 * The market a new record (a merchant, a device) goes to: an OFFICIAL caller names it; a MARKET
 * operator's is its own, and naming another is refused (40300), never silently redirected.
 */
export function ownMarket(caller: Pick<SessionUser, 'role' | 'marketId'>, requested: string | undefined): string {
  if (caller.role === Role.OFFICIAL) {
    if (!requested)
      throw new ApiError(ApiCode.INVALID_INPUT, 'validation_market_required', [
        { field: 'marketId', message: 'validation_market_required' },
      ])
    return requested
  }
  if (caller.role === Role.MARKET && caller.marketId) {
    if (requested && requested !== caller.marketId) throw new ApiError(ApiCode.FORBIDDEN, 'error_forbidden')
    return caller.marketId
  }
  throw new ApiError(ApiCode.FORBIDDEN, 'error_forbidden')
}
