import { and, asc, count, desc, gte, ilike, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { LIST_COUNT_CAP, type SortOrder } from '../../contract/list'
import type { Database, ReadDatabase } from '../db/client'
import { addDays, shanghaiDayStart } from '../../contract/time'
import { inline, type Bind } from './shaped-statements'

/**
 * The pieces every list endpoint is made of: free-text search over columns, a sort with a stable
 * tiebreak, and a page with its total from one query (PGlite answers one query at a time, so the
 * total rides along as a window count instead of a second round trip).
 */

/** A LIKE pattern for text contained anywhere: `%`, `_` and `\` typed by a user are searched for, not wildcards. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Rows where any of the columns contains the text (case-insensitive); no condition without text. */
export function matchAny(text: string | undefined, columns: readonly AnyColumn[]): SQL | undefined {
  if (!text) return undefined
  const pattern = containsPattern(text)
  return or(...columns.map((column) => ilike(column, pattern)))
}

/** Every condition given (undefined ones are skipped); undefined when none. */
export const allOf = (...conditions: (SQL | undefined)[]): SQL | undefined =>
  and(...conditions.filter((condition) => condition !== undefined))

/** The sort column, then a unique column so equal values page in a fixed order. */
export function orderBy<S extends string>(
  columns: Record<S, AnyColumn | SQL>,
  sort: S,
  order: SortOrder,
  tiebreak: AnyColumn,
): SQL[] {
  const direction = order === 'asc' ? asc : desc
  return [direction(columns[sort]), direction(tiebreak)]
}

/** Select it beside a list's columns: the number of rows the query matches, before limit and offset. */
export const windowTotal = () => sql<number>`count(*) over ()`.mapWith(Number)

export const pageRange = ({ page, pageSize }: { page: number; pageSize: number }) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
})

/**
 * A page from rows selected with `total: windowTotal()`. Past the last page no row carries the total,
 * so it is counted once more (only then).
 */
export async function listPage<Row extends { total: number }>(
  rows: Row[],
  page: number,
  countAll: () => Promise<number>,
): Promise<{ list: Omit<Row, 'total'>[]; total: number }> {
  const total = rows[0]?.total ?? (page > 1 ? await countAll() : 0)
  return { list: rows.map(({ total: _total, ...row }) => row), total }
}

/**
 * Rows whose time falls within the Asia/Shanghai days `from` to `to`, both included (contract/date-range.ts):
 * from the start of `from` to the start of the day after `to`, so a range on a timestamp index is one
 * range scan. An open end adds no condition.
 */
export const withinDays = (
  column: AnyColumn,
  { from, to }: { from?: string | undefined; to?: string | undefined },
  // A kept statement's placeholders (./shaped-statements.ts): `<name>From`, `<name>To`.
  bind: Bind = inline,
  name = 'days',
) =>
  allOf(
    from ? gte(column, bind(`${name}From`, shanghaiDayStart(from), column)) : undefined,
    to ? lt(column, bind(`${name}To`, shanghaiDayStart(addDays(to, 1)), column)) : undefined,
  )

/**
 * How many rows `matches` (a dynamic select of the list's rows, its joins and where) finds, counted up
 * to `cap` + 1 only: the total the console shows as "10,000+" past the cap.
 */
export async function cappedCount(
  db: Pick<Database | ReadDatabase, 'select'>,
  matches: PgSelect,
  cap = LIST_COUNT_CAP,
): Promise<{ total: number; totalCapped: boolean }> {
  const [row] = await db.select({ n: count() }).from(matches.limit(cap + 1).as('matches'))
  const n = row?.n ?? 0
  return { total: Math.min(n, cap), totalCapped: n > cap }
}
