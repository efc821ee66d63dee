import { and, asc, eq, gt, gte, isNull, lte, or, sql } from 'drizzle-orm'
import type { LicenceKind } from '../../contract/licences'
import { Role, UserStatus } from '../../contract/roles'
import { addDays, shanghaiToday } from '../../contract/time'
import type { Database } from '../db/client'
import { ALL_MARKETS, licences, markets, merchants, recordTodos, users } from '../db/schema'
import type { MessageKey } from '../lib/i18n'
import { publishLiveMany } from '../lib/live-publish'
import { notSentYet, postMessages, type RecordTodoKind } from '../messages/public'

/**
 * The licence to-dos (issue 26 §1) on the kit's record to-dos (server/messages/record-todos.ts), each
 * sent once whatever runs the job, computed from today in Shanghai:
 * - 30 and 7 days before a licence's last valid day, and on that day: a to-do to its market's operators.
 *   A reminder is due from its day for a week, so days the server missed are caught up; only the
 *   nearest one due is sent (a licence entered 5 days before it ends gets the 7-day one, not also the 30);
 * - in a market's grace, merchants missing a licence: one summary to-do per market and grace;
 * - OFFICIAL: one notice a day summing every market up.
 */

/** Days before the last valid day that a reminder falls due on, nearest last. */
const REMINDER_DAYS = [30, 7, 0] as const
type ReminderDays = (typeof REMINDER_DAYS)[number]
/** How long a reminder stays due after its day (a week of downtime is caught up; older ones are let go). */
const CATCH_UP_DAYS = 7

const TITLES = {
  30: 'todo_licence_due_30_title',
  7: 'todo_licence_due_7_title',
  0: 'todo_licence_due_0_title',
} as const satisfies Record<ReminderDays, MessageKey>
const CONTENTS = {
  health_certificate: 'todo_licence_health_certificate_content',
  food_business_licence: 'todo_licence_food_business_licence_content',
  business_licence: 'todo_licence_business_licence_content',
  operating_licence: 'todo_licence_operating_licence_content',
} as const satisfies Record<LicenceKind, MessageKey>

/**
 * Which reminder a licence's row is due for today, the nearest of those whose week has begun: its
 * record key's last part. Only rows inside `dueWindows` are asked, where one always is.
 */
const dueDaysSql = (today: string) =>
  sql<number>`(case when ${licences.validUntil} <= ${today}::date then 0 when ${licences.validUntil} <= ${addDays(today, 7)}::date then 7 else 30 end)`

/**
 * The licences with a reminder due today: each reminder's week as a range of valid_until, inside the
 * range of all three so that licences_valid_until_idx reads one range (an OR of the three alone had
 * PostgreSQL read all 400,000 licences of the bench, 1.3 s a batch).
 */
const dueWindows = (today: string) =>
  and(
    gte(licences.validUntil, addDays(today, Math.min(...REMINDER_DAYS) - CATCH_UP_DAYS + 1)),
    lte(licences.validUntil, addDays(today, Math.max(...REMINDER_DAYS))),
    or(
      ...REMINDER_DAYS.map((days) =>
        and(
          gte(licences.validUntil, addDays(today, days - CATCH_UP_DAYS + 1)),
          lte(licences.validUntil, addDays(today, days)),
        ),
      ),
    ),
  )

export const LICENCE_REMINDER: RecordTodoKind = {
  type: 'licence_reminder',
  recordParam: 'licenceId',
  keys: {
    title: 'todo_licence_due_30_title',
    subTitle: 'todo_licence_sub_title',
    content: CONTENTS.health_certificate,
  },
  due: async (db, now, limit, after) => {
    const today = shanghaiToday(now)
    // The run's next batch goes on after its last (the order below), not from the start again.
    const until = after?.params.until
    const id = after?.params.licenceId
    const rows = await db
      .select({
        id: licences.id,
        marketId: licences.marketId,
        kind: licences.kind,
        number: licences.number,
        validUntil: licences.validUntil,
        days: dueDaysSql(today).mapWith(Number),
        merchantName: merchants.name,
        stallNo: merchants.stallNo,
        marketName: markets.name,
      })
      .from(licences)
      .innerJoin(markets, eq(markets.id, licences.marketId))
      .leftJoin(merchants, eq(merchants.id, licences.merchantId))
      .where(
        and(
          dueWindows(today),
          until && id
            ? and(
                gte(licences.validUntil, until),
                sql`(${licences.validUntil}, ${licences.id}) > (${until}::date, ${id}::uuid)`,
              )
            : undefined,
          // A merchant who left is no longer the market's to watch.
          or(isNull(licences.merchantId), eq(merchants.status, 'active')),
          notSentYet(
            LICENCE_REMINDER,
            licences.marketId,
            sql`${licences.id}::text || ':' || ${licences.validUntil}::text || ':' || ${dueDaysSql(today)}::text`,
          ),
        ),
      )
      .orderBy(asc(licences.validUntil), asc(licences.id))
      .limit(limit)
    return rows.map((row) => {
      const days = row.days as ReminderDays
      return {
        marketId: row.marketId,
        // A renewed licence (another last day) is reminded of again.
        recordKey: `${row.id}:${row.validUntil}:${days}`,
        keys: { title: TITLES[days], content: CONTENTS[row.kind as LicenceKind] },
        params: {
          licenceId: row.id,
          holder: row.merchantName ?? row.marketName,
          stall: row.stallNo ?? '—',
          number: row.number,
          until: row.validUntil,
        },
      }
    })
  },
}

/**
 * Markets in their grace today with active merchants missing a licence: one to-do each, once a grace
 * (the key is its first day). The count is read from the stored states (merchants_market_licence_idx).
 */
export const LICENCE_GRACE: RecordTodoKind = {
  type: 'licence_grace',
  recordParam: 'graceFrom',
  keys: {
    title: 'todo_licence_grace_title',
    subTitle: 'todo_licence_grace_sub_title',
    content: 'todo_licence_grace_content',
  },
  due: async (db, now, limit, after) => {
    const today = shanghaiToday(now)
    const rows = await db
      .select({
        marketId: markets.id,
        graceFrom: markets.licenceGraceFrom,
        graceDays: markets.licenceGraceDays,
        missing: sql<number>`count(*)`.mapWith(Number),
      })
      .from(markets)
      .innerJoin(merchants, eq(merchants.marketId, markets.id))
      .where(
        and(
          after ? gt(markets.id, after.marketId) : undefined,
          eq(merchants.status, 'active'),
          eq(merchants.licenceState, 'missing'),
          sql`${markets.licenceGraceFrom} <= ${today}::date`,
          sql`${markets.licenceGraceFrom} + ${markets.licenceGraceDays} > ${today}::date`,
          notSentYet(LICENCE_GRACE, markets.id, sql`${markets.licenceGraceFrom}::text`),
        ),
      )
      .groupBy(markets.id)
      .orderBy(asc(markets.id))
      .limit(limit)
    return rows.map((row) => ({
      marketId: row.marketId,
      recordKey: row.graceFrom,
      params: {
        graceFrom: row.graceFrom,
        count: String(row.missing),
        until: addDays(row.graceFrom, row.graceDays - 1),
      },
    }))
  },
}

/** OFFICIAL's notice of `today` across markets; claimed in record_todos under ALL_MARKETS, so sent once a day. */
export async function sendOfficialSummary(db: Database, now: Date): Promise<boolean> {
  const today = shanghaiToday(now)
  const on = (days: number) => sql`count(*) filter (where ${licences.validUntil} = ${addDays(today, days)}::date)`
  const [due] = await db
    .select({
      d30: on(30).mapWith(Number),
      d7: on(7).mapWith(Number),
      d0: on(0).mapWith(Number),
    })
    .from(licences)
    .where(or(...REMINDER_DAYS.map((days) => eq(licences.validUntil, addDays(today, days)))))
  const [states] = await db
    .select({
      expired: sql`count(*) filter (where ${merchants.licenceState} = 'expired')`.mapWith(Number),
      missing: sql`count(*) filter (where ${merchants.licenceState} = 'missing')`.mapWith(Number),
    })
    .from(merchants)
    .where(eq(merchants.status, 'active'))
  const figures = {
    d30: due?.d30 ?? 0,
    d7: due?.d7 ?? 0,
    d0: due?.d0 ?? 0,
    expired: states?.expired ?? 0,
    missing: states?.missing ?? 0,
  }
  if (Object.values(figures).every((n) => n === 0)) return false
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(recordTodos)
      .values({ type: 'licence_summary', marketId: ALL_MARKETS, recordKey: today, sentAt: now })
      .onConflictDoNothing()
      .returning({ key: recordTodos.recordKey })
    if (claimed.length === 0) return false
    const officials = await tx
      .select({ uk: users.uk })
      .from(users)
      .where(and(eq(users.role, Role.OFFICIAL), eq(users.status, UserStatus.NORMAL)))
    await postMessages(
      tx,
      officials.map(({ uk }) => ({
        userUk: uk,
        type: 'notice',
        titleKey: 'notice_licence_summary_title',
        contentKey: 'notice_licence_summary_content',
        params: { day: today, ...figures },
        messageType: 'licence_summary',
        at: now,
      })),
    )
    await publishLiveMany(
      tx,
      'messages',
      officials.map(({ uk }) => ({ audience: { userUk: uk }, data: {} })),
    )
    return true
  })
}
