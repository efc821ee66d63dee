import { eq, sql } from 'drizzle-orm'
import { PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { inline, placeholders, ShapedStatements } from './shaped-statements'

const rows = pgTable('rows', {
  market: text('market').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
})
const dialect = new PgDialect()

/** A query over `where` that records what it is executed with, as a drizzle select would be. */
function fakeQuery(where: ReturnType<typeof eq>, built: { count: number }, executed: Record<string, unknown>[]) {
  built.count++
  const query = sql`select * from ${rows} where ${where} limit ${sql.placeholder('limit')}`
  return {
    toSQL: () => dialect.sqlToQuery(query),
    prepare: () => ({
      execute: async (values: Record<string, unknown>) => {
        executed.push(values)
        return [values]
      },
    }),
  }
}

describe('shaped statements', () => {
  it('builds a shape once and runs it with each request’s own values', async () => {
    const statements = new ShapedStatements<Record<string, unknown>>()
    const built = { count: 0 }
    const executed: Record<string, unknown>[] = []
    const db = {}
    for (const market of ['m1', 'm2', 'm1']) {
      const { bind, values } = placeholders()
      const where = eq(rows.market, bind('market', market, rows.market))
      values.limit = 21
      await statements.run(db, 'by market', values, () => fakeQuery(where, built, executed))
    }
    expect(built.count).toBe(1)
    expect(executed.map((values) => values.market)).toEqual(['m1', 'm2', 'm1'])
    // Another database (a replica's pool) prepares its own.
    const { bind, values } = placeholders()
    const where = eq(rows.market, bind('market', 'm3', rows.market))
    await statements.run({}, 'by market', { ...values, limit: 1 }, () => fakeQuery(where, built, executed))
    expect(built.count).toBe(2)
  })

  it('refuses to keep a statement holding an inline value: it would answer the next request with it', async () => {
    const statements = new ShapedStatements<unknown>()
    const where = eq(rows.market, inline('market', 'm1', rows.market))
    await expect(statements.run({}, 'leaky', { limit: 1 }, () => fakeQuery(where, { count: 0 }, []))).rejects.toThrow(
      /inline value/,
    )
  })

  it('a placeholder bound twice must have one value', () => {
    const { bind, values } = placeholders()
    const at = new Date('2026-11-28T00:00:00Z')
    bind('from', at, rows.at)
    bind('from', at, rows.at)
    expect(values).toEqual({ from: at })
    expect(() => bind('from', new Date(at), rows.at)).toThrow(/two values/)
  })
})
