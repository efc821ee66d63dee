import { sql } from 'drizzle-orm'
import { rowsOf, type Database } from '../../server/db/client'

/**
 * Every table's row count and an md5 of its rows in primary-key order, computed in SQL: each day
 * partition and the default partitions on their own (a partitioned parent holds no rows of its own),
 * the migrations' table too. Two databases with equal results hold the same rows.
 */
export async function tableChecksums(db: Database): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = rowsOf<{ name: string; key: string | null }>(
    await db.execute(sql`select c.oid::regclass::text as name,
        (select string_agg(quote_ident(a.attname), ', ' order by array_position(i.indkey::int2[], a.attnum))
           from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = c.oid and i.indisprimary) as key
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname in ('public', 'drizzle')
      order by 1`),
  )
  const sums: Record<string, { rows: number; md5: string }> = {}
  for (const { name, key } of tables) {
    // Names and key columns come from the catalogue, quoted by it.
    const order = key
      ? key
          .split(', ')
          .map((column) => `t.${column}`)
          .join(', ')
      : 't::text'
    const [row] = rowsOf<{ rows: number; md5: string }>(
      await db.execute(
        sql.raw(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by ${order}), '')) as md5
          from ${name} t`),
      ),
    )
    if (row) sums[name] = row
  }
  return sums
}
