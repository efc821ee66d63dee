import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Transaction } from '../db/client'
import { ALL_MARKETS, marketDayStats, marketMinuteStats, merchantDayStats, methodDayStats } from '../db/schema'

/**
 * The dashboard's rollups (DESIGN §8), kept in the ingest's transaction: what a batch adds to each
 * row is summed here first, then written with one upsert per table, rows in key order (so two
 * batches of one market lock shared rows in the same order and never deadlock).
 */

export type Figures = {
  payments: number
  paymentFen: number
  refunds: number
  refundFen: number
  passengersIn: number
  passengersOut: number
  tests: number
  testsFailed: number
}
const zero = (): Figures => ({
  payments: 0,
  paymentFen: 0,
  refunds: 0,
  refundFen: 0,
  passengersIn: 0,
  passengersOut: 0,
  tests: 0,
  testsFailed: 0,
})

/** Sums keyed by a row's key, with the key's columns kept beside. */
class Sums<Key extends Record<string, string | Date>, F extends Partial<Figures>> {
  readonly rows = new Map<string, { key: Key; figures: F }>()
  constructor(private readonly blank: () => F) {}

  add(key: Key, figures: Partial<F>): void {
    const id = Object.values(key)
      .map((part) => (part instanceof Date ? part.toISOString() : part))
      .join('|')
    let row = this.rows.get(id)
    if (!row) this.rows.set(id, (row = { key, figures: this.blank() }))
    for (const [name, value] of Object.entries(figures) as [keyof F & string, number][])
      (row.figures as Record<string, number>)[name] = ((row.figures as Record<string, number>)[name] ?? 0) + value
  }

  /** In key order: the lock order every batch follows. */
  sorted() {
    return [...this.rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row)
  }
}

type MarketKeyed = { marketId: string }
/** A merchant's or a method's day: money only. */
type MoneyFigures = Pick<Figures, 'payments' | 'paymentFen' | 'refunds' | 'refundFen'>
const noMoney = (): MoneyFigures => ({ payments: 0, paymentFen: 0, refunds: 0, refundFen: 0 })

/**
 * What one batch adds to every rollup table. Market rows are kept twice: for the market, and for the
 * platform under ALL_MARKETS, so "all markets" reads as few rows as one market does.
 */
export class RollupDelta {
  readonly marketMinute = new Sums<{ marketId: string; minute: Date }, Figures>(zero)
  readonly marketDay = new Sums<{ marketId: string; day: string }, Figures>(zero)
  readonly merchantDay = new Sums<{ merchantId: string; day: string; marketId: string }, MoneyFigures>(noMoney)
  readonly methodDay = new Sums<{ marketId: string; day: string; method: string }, MoneyFigures>(noMoney)
}

/** The platform's rows: the market rows summed under ALL_MARKETS. */
function platformRows<Key extends MarketKeyed, F extends Partial<Figures>>(sums: Sums<Key, F>, blank: () => F) {
  const platform = new Sums<Key, F>(blank)
  for (const { key, figures } of sums.rows.values()) platform.add({ ...key, marketId: ALL_MARKETS }, figures)
  return platform.sorted()
}

/**
 * Text as a dollar-quoted SQL literal: no escape processing to get wrong, under a tag whose first
 * occurrence in the literal is its end (a longer tag is tried until so), so no text, whatever it holds,
 * can close it early.
 */
export function literal(text: string): SQL {
  let tag = '$j$'
  for (let n = 0; `${text}${tag}`.indexOf(tag) !== text.length; n++) tag = `$j${n}$`
  return sql.raw(`${tag}${text}${tag}`)
}

/**
 * Many rows in one INSERT: the rows as a JSON array, read back by json_to_recordset with each
 * column's own type, in the array's order (WITH ORDINALITY … ORDER BY), so rows are written, and
 * locked, in the order given. The JSON travels as a literal, not a parameter: postgres.js sends a
 * statement with parameters as Parse/Describe, waits for the answer, then Bind/Execute (two round trips,
 * and nothing behind it can be pipelined); without, it is one message. drizzle's multi-row VALUES
 * binds a parameter per value (5,500 for 500 transactions), and building that took longer than
 * running it. `tail` follows the SELECT (ON CONFLICT …, RETURNING …).
 */
export function insertRows(table: PgTable, rows: readonly Record<string, unknown>[], tail?: SQL): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((name) => name in columns)
  // JSON writes a Date as its ISO text, which timestamptz reads back exactly.
  const text = (value: unknown) => (value instanceof Date ? value.toISOString() : value)
  // A value every row shares (a batch's market, device, arrival time) is written once, not per row.
  const same = (name: string) => rows.length > 1 && rows.every((row) => text(row[name]) === text(rows[0]?.[name]))
  const shared = new Set(names.filter(same))
  if (shared.size === names.length) shared.delete(names[0] as string)
  const varying = names.filter((name) => !shared.has(name))
  const column = (name: string) => columns[name] as PgColumn
  const list = names.map((name) => `"${column(name).name}"`).join(', ')
  const selected = sql.join(
    names.map((name) => {
      const value = text(rows[0]?.[name])
      if (!shared.has(name)) return sql.raw(`r."${column(name).name}"`)
      return sql`${value === null || value === undefined ? sql.raw('null') : literal(String(value))}::${sql.raw(column(name).getSQLType())}`
    }),
    sql`, `,
  )
  const varyingList = varying.map((name) => `"${column(name).name}"`).join(', ')
  const types = varying.map((name) => `"${column(name).name}" ${column(name).getSQLType()}`).join(', ')
  const json = JSON.stringify(
    rows.map((row) => {
      const object: Record<string, unknown> = {}
      for (const name of varying) object[column(name).name] = row[name] ?? null
      return object
    }),
  )
  return sql`insert into ${table} (${sql.raw(list)}) select ${selected} from rows from (json_to_recordset(${literal(json)}::json) as (${sql.raw(types)})) with ordinality as r(${sql.raw(varyingList)}, "ordinality") order by "ordinality" ${tail ?? sql``}`
}

/** The largest figure a rollup column (bigint) holds: 2^63 - 1. */
export const MAX_FIGURE = '9223372036854775807'

/**
 * How an upsert adds: a market's own rows add plainly, so a sum past MAX_FIGURE raises 22003 and the
 * ingest refuses that market's batch; the platform's rows (ALL_MARKETS), which every market adds to,
 * saturate at MAX_FIGURE, so one market's extreme totals never refuse another market's events (the
 * platform's figure then stops at the cap: docs/operations.md).
 */
type Adding = 'plain' | 'saturating'

/** `on conflict (key) do update set column = column + excluded.column` for each figure: an upsert that adds. */
function adding(table: PgTable, target: readonly PgColumn[], names: readonly string[], how: Adding): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>
  const tableName = getTableName(table)
  const key = target.map((column) => `"${column.name}"`).join(', ')
  const set = names.map((name) => {
    const column = (columns[name] as PgColumn).name
    const sum = `"${tableName}"."${column}" + excluded."${column}"`
    // In numeric, which cannot overflow, then back: never past the cap, never an error.
    return how === 'plain'
      ? `"${column}" = ${sum}`
      : `"${column}" = least("${tableName}"."${column}"::numeric + excluded."${column}", ${MAX_FIGURE})::bigint`
  })
  return sql.raw(`on conflict (${key}) do update set ${set.join(', ')}`)
}

/** The upsert that adds `rows` to a rollup table, or nothing for no rows. */
function upsert(
  table: PgTable,
  target: readonly PgColumn[],
  rows: { key: Record<string, unknown>; figures: Record<string, number> }[],
  how: Adding = 'plain',
): SQL[] {
  if (rows.length === 0) return []
  const names = Object.keys(rows[0]?.figures ?? {})
  return [
    insertRows(
      table,
      rows.map(({ key, figures }) => ({ ...key, ...figures })),
      adding(table, target, names, how),
    ),
  ]
}

/**
 * Runs statements in the order given, sent together: postgres.js pipelines them on the transaction's
 * connection (one round trip for all: they carry no parameters, see insertRows), PGlite runs them one
 * after another. A row one of them locks is held for one round trip to the commit, not one per
 * statement.
 */
export async function pipelined(tx: Transaction, statements: SQL[]): Promise<void> {
  // Each is started here, in turn: a drizzle query runs when its then() is called.
  await Promise.all(statements.map((statement) => tx.execute(statement).then(() => undefined)))
}

/**
 * The statements that write a batch's rollup deltas: the markets' rows of every table first (adding
 * plainly: past the cap is an error, the batch refused), then the platform's rows, which every batch
 * shares (saturating at the cap). Every batch takes its locks in this one order (phase,
 * table, key), so no two deadlock; and the platform rows, the busiest, are taken last and held the
 * shortest (the caller sends them together, last, and commits).
 */
export function rollupStatements(delta: RollupDelta): SQL[] {
  const figuresOnly = <F extends Partial<Figures>>(rows: { key: Record<string, unknown>; figures: F }[]) =>
    rows.map(({ key, figures }) => ({ key, figures: figures as Record<string, number> }))
  const minuteKey = [marketMinuteStats.marketId, marketMinuteStats.minute]
  const dayKey = [marketDayStats.marketId, marketDayStats.day]
  const methodKey = [methodDayStats.marketId, methodDayStats.day, methodDayStats.method]
  return [
    ...upsert(marketMinuteStats, minuteKey, figuresOnly(delta.marketMinute.sorted())),
    ...upsert(marketDayStats, dayKey, figuresOnly(delta.marketDay.sorted())),
    ...upsert(
      merchantDayStats,
      [merchantDayStats.merchantId, merchantDayStats.day],
      figuresOnly(delta.merchantDay.sorted()),
    ),
    ...upsert(methodDayStats, methodKey, figuresOnly(delta.methodDay.sorted())),
    ...upsert(marketMinuteStats, minuteKey, figuresOnly(platformRows(delta.marketMinute, zero)), 'saturating'),
    ...upsert(marketDayStats, dayKey, figuresOnly(platformRows(delta.marketDay, zero)), 'saturating'),
    ...upsert(methodDayStats, methodKey, figuresOnly(platformRows(delta.methodDay, noMoney)), 'saturating'),
  ]
}
