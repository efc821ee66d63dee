import { ApiCode } from '../../contract/api'
import type {
  MarketStatement,
  MerchantStatement,
  PlatformStatement,
  PlatformStatementQuery,
  PlatformStatementWhole,
} from '../../contract/statements'
import { addDays, shanghaiDayOf } from '../../contract/time'
import type { ReadDatabase } from '../db/client'
import { ApiError } from '../lib/errors'
import { pageRange } from '../lib/list-query'
import { isInScope, marketScope } from '../lib/scope'
import type { ServerDeps, SessionUser } from '../lib/types'
import { SplitSum, marketRead, merchantRead, platformRead } from './queries'

type Deps = Pick<ServerDeps, 'reads' | 'clock'>
type Caller = Pick<SessionUser, 'role' | 'marketId'>
type Range = { from?: string | undefined; to?: string | undefined }

/** The days asked for: one end alone is that one day; neither, today (Shanghai). */
function daysOf(deps: Pick<ServerDeps, 'clock'>, range: Range) {
  const from = range.from ?? range.to ?? shanghaiDayOf(deps.clock())
  return { from, to: range.to ?? from }
}

/** The market a statement is for: MARKET its own; OFFICIAL must name one (40000 otherwise). */
function statementMarket(caller: Caller, requested: string | undefined): string {
  const scope = marketScope(caller, requested)
  if (scope === null)
    throw new ApiError(ApiCode.INVALID_INPUT, 'validation_market_required', [
      { field: 'market', message: 'validation_market_required' },
    ])
  return scope
}

/** One market's statement: its merchants' rows from the transactions, its totals from the dashboard's rollup. */
export async function marketStatement(
  deps: Deps,
  caller: Caller,
  input: Range & { market?: string | undefined },
): Promise<MarketStatement> {
  const marketId = statementMarket(caller, input.market)
  const { from, to } = daysOf(deps, input)
  const read = await deps.reads.run((db: ReadDatabase) => marketRead(db, marketId, from, to))
  if (read.name === null) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
  const methods = new SplitSum()
  for (const row of read.merchants) for (const split of row.sums.methods()) addSplit(methods, split)
  return {
    market: { id: marketId, name: read.name },
    from,
    to,
    merchants: read.merchants.map(({ sums, ...merchant }) => ({
      ...merchant,
      ...sums.figures,
      methods: sums.methods(),
    })),
    totals: { ...read.totals, methods: methods.methods() },
  }
}

/** A method's figures added into a sum as the rows they came from would be. */
function addSplit(into: SplitSum, split: ReturnType<SplitSum['methods']>[number]) {
  into.add(split.method, 'payment', split.payments, split.paymentFen)
  into.add(split.method, 'refund', split.refunds, split.refundFen)
}

/** A page of every market's figures over the days, and the platform's totals (OFFICIAL only: the route's roles). */
export async function platformStatement(deps: Deps, input: PlatformStatementQuery): Promise<PlatformStatement> {
  const { from, to } = daysOf(deps, input)
  const page = { sort: input.sort, order: input.order, q: input.q, ...pageRange(input) }
  const read = await deps.reads.run((db: ReadDatabase) => platformRead(db, from, to, page))
  return { from, to, list: read.markets, total: read.total, totals: read.totals }
}

/** Every market's figures at once, by name: the platform's export (a file holds them all). */
export async function platformStatementWhole(deps: Deps, input: Range): Promise<PlatformStatementWhole> {
  const { from, to } = daysOf(deps, input)
  const read = await deps.reads.run((db: ReadDatabase) => platformRead(db, from, to, null))
  return { from, to, markets: read.markets, totals: read.totals }
}

/** A merchant's own statement, a row per day of the range; another market's merchant is not found. */
export async function merchantStatement(
  deps: Deps,
  caller: Caller,
  input: Range & { merchantId: string },
): Promise<MerchantStatement> {
  const scope = marketScope(caller)
  const { from, to } = daysOf(deps, input)
  const { merchant, byDay, total } = await deps.reads.run((db: ReadDatabase) =>
    merchantRead(db, input.merchantId, from, to),
  )
  if (!merchant || !isInScope(scope, merchant.marketId))
    throw new ApiError(ApiCode.NOT_FOUND, 'error_merchant_not_found')
  const days = []
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const sums = byDay.get(day) ?? new SplitSum()
    days.push({ day, ...sums.figures, methods: sums.methods() })
  }
  return { merchant, from, to, days, totals: { ...total.figures, methods: total.methods() } }
}
