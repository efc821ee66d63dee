import { desc, eq, sql, type SQL } from 'drizzle-orm'
import { AUDIT_COUNT_CAP, type AuditEntry, type AuditList } from '../../contract/audit'
import type { AuditExportQuery, AuditListQuery } from '../../contract/audit-list'
import type { Database, ReadDatabase } from '../db/client'
import { auditLog, markets, users } from '../db/schema'
import { displayChanges } from '../lib/audit'
import { allOf, cappedCount, containsPattern, orderBy, pageRange, withinDays } from '../lib/list-query'
import { inScope, marketScope } from '../lib/scope'
import type { SessionUser } from '../lib/types'

type Caller = Pick<SessionUser, 'role' | 'marketId'>
type Filters = Omit<AuditExportQuery, 'market'>

/**
 * Reads of the audit trail. The scope is a condition on audit_log.market_id (migration 0012): a MARKET
 * caller reads its own market's entries whatever it asks for, an OFFICIAL caller one market's or all
 * (server/lib/scope.ts). Every filter is a condition on audit_log alone, served by an index that ends in
 * the list's order (created_at desc, id desc), so a page reads its rows off the index and stops.
 */
function listWhere(scope: string | null, { q, area, action, actor, record, from, to }: Filters): SQL | undefined {
  return allOf(
    inScope(auditLog.marketId, scope),
    area ? eq(auditLog.area, area) : undefined,
    action ? eq(auditLog.action, action) : undefined,
    actor ? eq(auditLog.actorUk, actor) : undefined,
    record ? eq(auditLog.recordId, record) : undefined,
    // The search is by who: accounts whose username contains the text (a few rows of users, then the
    // actor index).
    q
      ? sql`${auditLog.actorUk} in (select ${users.uk} from ${users} where ${users.username} ilike ${containsPattern(q)})`
      : undefined,
    withinDays(auditLog.at, { from, to }),
  )
}

/**
 * The record's name now, read for the page's rows only: a market's or merchant's name, a device's code,
 * an account's username, a test's produce; null when the record is gone. Each branch casts the id only for its own area
 * (an account's uk need not be a uuid).
 */
const recordName = sql<string | null>`case ${auditLog.area}
  when 'market' then (select r.name from markets r where r.id = ${auditLog.recordId}::uuid)
  when 'merchant' then (select r.name from merchants r where r.id = ${auditLog.recordId}::uuid)
  when 'device' then (select r.code from devices r where r.id = ${auditLog.recordId}::uuid)
  when 'account' then (select r.username from users r where r.uk = ${auditLog.recordId})
  when 'pesticide_test' then (select r.produce from pesticide_tests r
    where r.market_id = ${auditLog.marketId} and r.id = ${auditLog.recordId}::uuid)
  when 'complaint' then (select '#' || r.no from complaints r where r.id = ${auditLog.recordId}::uuid)
end`

const ENTRY_COLUMNS = {
  id: auditLog.id,
  at: auditLog.at,
  actorUk: auditLog.actorUk,
  actorUsername: users.username,
  actorRole: users.role,
  area: auditLog.area,
  action: auditLog.action,
  recordId: auditLog.recordId,
  recordName,
  marketId: auditLog.marketId,
  marketName: markets.name,
  changes: auditLog.changes,
}

type EntryRow = {
  id: string
  at: Date
  actorUk: string | null
  actorUsername: string | null
  actorRole: number | null
  area: string
  action: string
  recordId: string
  recordName: string | null
  marketId: string | null
  marketName: string | null
  changes: Parameters<typeof displayChanges>[1]
}

/**
 * An entry as the API shows it. An actor whose account is gone (accounts are frozen, never deleted, so
 * only a hand-edited database has one) shows its uk for a name and no role (0).
 */
const toEntry = (row: EntryRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorUk ? { uk: row.actorUk, username: row.actorUsername ?? row.actorUk, role: row.actorRole ?? 0 } : null,
  area: row.area as AuditEntry['area'],
  action: row.action as AuditEntry['action'],
  record: { id: row.recordId, name: row.recordName },
  market: row.marketId ? { id: row.marketId, name: row.marketName ?? row.marketId } : null,
  changes: displayChanges(row.area, row.changes),
})

/** The entries of the page's ids, with the actor's and the market's names (left joins: either may be absent). */
function entriesOf(db: Pick<Database, 'select'>, page: ReturnType<typeof pageIds>) {
  return db
    .select(ENTRY_COLUMNS)
    .from(page)
    .innerJoin(auditLog, eq(auditLog.id, page.pageId))
    .leftJoin(users, eq(users.uk, auditLog.actorUk))
    .leftJoin(markets, eq(markets.id, auditLog.marketId))
}

/**
 * The ids of a page, read off the index that serves the filters in the list's order and nothing else:
 * the names are joined to these 20 rows only (joined first, PostgreSQL would join a million rows and
 * sort them; seen at 1 s).
 */
function pageIds(db: Pick<Database, 'select'>, where: SQL | undefined, query: AuditListQuery) {
  const { limit, offset } = pageRange(query)
  return db
    .select({ pageId: sql<string>`${auditLog.id}`.as('page_id') })
    .from(auditLog)
    .where(where)
    .orderBy(...orderBy({ at: auditLog.at }, query.sort, query.order, auditLog.id))
    .limit(limit)
    .offset(offset)
    .as('page')
}

/** A page of the log, newest first unless asked otherwise, with its (capped) total; the page and the count at once on PostgreSQL. */
export async function listAudit({ db }: { db: Database }, caller: Caller, query: AuditListQuery): Promise<AuditList> {
  const where = listWhere(marketScope(caller, query.market), query)
  const [rows, counted] = await Promise.all([
    entriesOf(db, pageIds(db, where, query)).orderBy(
      ...orderBy({ at: auditLog.at }, query.sort, query.order, auditLog.id),
    ),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(auditLog)
        .where(where)
        .$dynamic(),
      AUDIT_COUNT_CAP,
    ),
  ])
  return { list: rows.map(toEntry), ...counted }
}

/** Rows per round trip of an export (as the merchants' export: quick, and never a pile in memory). */
const EXPORT_BATCH = 500

/**
 * Every entry the filters match, newest first, in batches read by keyset (created_at, id): no offset
 * that grows with the export, no row read twice while entries are written meanwhile.
 */
export async function* exportAudit(
  { db }: { db: ReadDatabase },
  caller: Caller,
  query: AuditExportQuery,
): AsyncGenerator<AuditEntry[]> {
  const where = listWhere(marketScope(caller, query.market), query)
  // The position is PostgreSQL's own text of created_at (microseconds; a Date would cut it to ms).
  let after: { at: string; id: string } | null = null
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined
    const rows = await db
      .select({ ...ENTRY_COLUMNS, position: sql<string>`${auditLog.at}::text` })
      .from(auditLog)
      .leftJoin(users, eq(users.uk, auditLog.actorUk))
      .leftJoin(markets, eq(markets.id, auditLog.marketId))
      .where(allOf(where, cursor))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(EXPORT_BATCH)
    if (rows.length === 0) return
    yield rows.map(({ position: _position, ...row }) => toEntry(row))
    const last = rows[rows.length - 1] as (typeof rows)[number]
    after = { at: last.position, id: last.id }
    if (rows.length < EXPORT_BATCH) return
  }
}
