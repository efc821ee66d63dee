import { sql, type SQL } from 'drizzle-orm'
import { Role } from '../../contract/roles'
import { rowsOf, type Database } from '../../server/db/client'
import { ALL_MARKETS } from '../../server/db/schema'

const { MARKET, MERCHANT } = Role

/** Each registration's invariant, as the rows that break it. */
const CHECKS: Record<string, SQL> = {
  'a market without its account': sql`select m.id from markets m left join users u on u.uk = m.account_uk
    where u.uk is null or u.role <> ${MARKET} or u.market_id is distinct from m.id`,
  'a MARKET account without its market': sql`select u.uk from users u left join markets m on m.account_uk = u.uk
    where u.role = ${MARKET} and (m.id is null or m.id is distinct from u.market_id)`,
  'a merchant without its account': sql`select me.id from merchants me left join users u on u.uk = me.account_uk
    where u.uk is null or u.role <> ${MERCHANT} or u.market_id is distinct from me.market_id
      or u.username <> me.account_username`,
  'a MERCHANT account without its merchant': sql`select u.uk from users u left join merchants me on me.account_uk = u.uk
    where u.role = ${MERCHANT} and me.id is null`,
  ...Object.fromEntries(
    (
      [
        ['register', 'market', 'markets'],
        ['register', 'merchant', 'merchants'],
        ['bind', 'device', 'devices'],
      ] as const
    ).map(([action, area, table]) => [
      `${table} without their ${action} audit entry, or the reverse`,
      sql`select t.id from ${sql.raw(table)} t
        where not exists (select 1 from audit_log a
          where a.entity = ${area} and a.action = ${action} and a.entity_id = t.id::text)
        union all
        select a.entity_id::uuid from audit_log a
        where a.entity = ${area} and a.action = ${action}
          and not exists (select 1 from ${sql.raw(table)} t where t.id::text = a.entity_id)`,
    ]),
  ),
  'a bound device without its secret': sql`select id from devices where unbound_at is null and secret_hash is null`,
  'a device at another market’s merchant': sql`select d.id from devices d join merchants me on me.id = d.merchant_id
    where me.market_id <> d.market_id`,
  // Kept by triggers on merchants (migration 0006), per market and for the platform.
  'merchant counts that differ from the merchants': sql`with actual as (
      select market_id, category, status, count(*)::int as n from merchants group by 1, 2, 3
      union all
      select ${ALL_MARKETS}::uuid, category, status, count(*)::int from merchants group by 2, 3
    )
    select coalesce(a.market_id, c.market_id) as market_id, a.n as actual, c.n as counted
    from actual a full join (select * from merchant_counts where n <> 0) c
      on c.market_id = a.market_id and c.category = a.category and c.status = a.status
    where a.n is distinct from c.n`,
  'a market whose merchant numbers fall behind its merchants': sql`select m.id from markets m
    where m.merchant_seq < (select count(*) from merchants me where me.market_id = m.id)`,
}

/**
 * What is half made in the database: a market, merchant, account or device registered in part (each
 * registration is one transaction, so after any crash this must answer {}). Answers each broken
 * invariant with its rows (as JSON text).
 */
export async function halfMade(db: Database): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {}
  for (const [name, query] of Object.entries(CHECKS)) {
    const rows = rowsOf(await db.execute(query)).map((row) => JSON.stringify(row))
    if (rows.length > 0) found[name] = rows
  }
  return found
}
