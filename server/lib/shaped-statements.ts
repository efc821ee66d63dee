import { is, Param, Placeholder, sql, type AnyColumn, type SQLWrapper } from 'drizzle-orm'

/**
 * A hot read (the transactions list's page) built once per shape, not once per request: which
 * filters it has, its order, its kind literal. Building a page's SQL with drizzle cost its request
 * ~0.8 ms of the server's one thread, and PostgreSQL parsed the text again each time; a shape's
 * statement is built the first time, kept, and sent as a named prepared statement (parsed once per
 * connection). Each request only fills in its values.
 *
 * Every value in a shape's SQL goes through a `Bind`: inline for a statement built for one request, a
 * named placeholder for a kept one. A kept statement holding any inline value would answer every later
 * request with the first one's value (another market's rows): `ShapedStatements` refuses to keep it.
 */

/** How a value goes into the SQL; `column` encodes it as the column would (a Date for a timestamp). */
export type Bind = (name: string, value: unknown, column?: AnyColumn) => SQLWrapper

/** The value itself, as drizzle's own operators put it. */
export const inline: Bind = (_name, value, column) => (column ? new Param(value, column) : sql`${value}`)

/** A named placeholder; the values bound are kept in `values`, by name, to execute the statement with. */
export function placeholders(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {}
  const bind: Bind = (name, value, column) => {
    if (Object.hasOwn(values, name) && values[name] !== value) throw new Error(`two values for placeholder ${name}`)
    values[name] = value
    return column ? new Param(sql.placeholder(name), column) : sql.placeholder(name)
  }
  return { bind, values }
}

/** What a drizzle query offers to be kept: its parameters, and a prepared statement of it. */
type Preparable<Row> = {
  toSQL: () => { params: unknown[] }
  prepare: (name: string) => { execute: (values: Record<string, unknown>) => Promise<Row[]> }
}

/** More shapes than any list has (filters x orders x kinds): past it, the least recently used goes. */
const MAX_SHAPES = 500

/** Kept statements, per database (the primary and a replica are different pools) and shape key. */
export class ShapedStatements<Row> {
  readonly #kept = new WeakMap<object, Map<string, (values: Record<string, unknown>) => Promise<Row[]>>>()

  /**
   * Runs the statement of `key` on `db` with `values`, building it with `build` the first time. `key`
   * must name everything that changes the SQL's text other than the values bound.
   */
  async run(db: object, key: string, values: Record<string, unknown>, build: () => Preparable<Row>): Promise<Row[]> {
    let shapes = this.#kept.get(db)
    if (!shapes) this.#kept.set(db, (shapes = new Map()))
    let execute = shapes.get(key)
    if (execute) {
      shapes.delete(key)
    } else {
      const query = build()
      const inlined = query.toSQL().params.filter((param) => !is(param, Placeholder) && !is(param, Param))
      if (inlined.length > 0) throw new Error(`statement ${key} holds ${inlined.length} inline value(s): not kept`)
      const prepared = query.prepare(`shape ${key}`)
      execute = (given) => prepared.execute(given)
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value as string)
    }
    shapes.set(key, execute)
    return execute(values)
  }
}
