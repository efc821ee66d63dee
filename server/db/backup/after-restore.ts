import { sql } from 'drizzle-orm'
import { rowsOf, type Database } from '../client'

/**
 * What every restore does last, on either database: end every session the backup held (its
 * accounts sign in again; a token handed out before the backup must not come back to life), and
 * say what the restored data holds, so the operator sees how far back it goes.
 */

export type RestoredData = {
  sessionsEnded: number
  counts: { markets: number; merchants: number; devices: number; transactions: number; auditEntries: number }
  /** The newest payment or refund and the newest audit entry (UTC ISO), null when there is none. */
  newestTransaction: string | null
  newestAuditEntry: string | null
}

export async function finishRestore(db: Database): Promise<RestoredData> {
  const ended = rowsOf<{ n: number }>(
    await db.execute(sql`with gone as (delete from sessions returning 1) select count(*)::int as n from gone`),
  )
  const [row] = rowsOf<{
    markets: number
    merchants: number
    devices: number
    transactions: number
    audit: number
    newest_transaction: string | null
    newest_audit: string | null
  }>(
    await db.execute(sql`select
      (select count(*)::int from markets) as markets,
      (select count(*)::int from merchants) as merchants,
      (select count(*)::int from devices) as devices,
      (select count(*)::int from transactions) as transactions,
      (select count(*)::int from audit_log) as audit,
      (select to_char(max(occurred_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from transactions) as newest_transaction,
      (select to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from audit_log) as newest_audit`),
  )
  if (!row) throw new Error('the restored database answered nothing')
  return {
    sessionsEnded: ended[0]?.n ?? 0,
    counts: {
      markets: row.markets,
      merchants: row.merchants,
      devices: row.devices,
      transactions: row.transactions,
      auditEntries: row.audit,
    },
    newestTransaction: row.newest_transaction,
    newestAuditEntry: row.newest_audit,
  }
}
