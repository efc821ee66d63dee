import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { LicenceKind } from '../../contract/licences'
import { Role, UserStatus } from '../../contract/roles'
import { addDays } from '../../contract/time'
import type { Database, Transaction } from '../db/client'
import { licences, licenceTodos, markets, merchants, users } from '../db/schema'
import type { MessageKey } from '../lib/i18n'
import { publishLiveMany } from '../lib/live-publish'
import { postMessage } from '../messages/public'

/**
 * The licence to-dos (issue 26 §1), each sent once: claimed by its key in licence_todos in the
 * transaction that posts it (a second instance, or the same day run again, finds it taken). Run for a
 * Shanghai day, so a day the server missed is caught up by the scheduler running that day's slot.
 * - 30 and 7 days before a licence's last valid day, and on that day: a to-do to its market's operators;
 * - in a market's grace, merchants with a licence missing: one summary to-do per market, not one each;
 * - OFFICIAL: one notice a day summing every market up.
 */

/** Days before the last valid day that a reminder goes out on. */
export const REMINDER_DAYS = [30, 7, 0] as const
const BATCH = 200

const TITLES = {
  30: 'todo_licence_due_30_title',
  7: 'todo_licence_due_7_title',
  0: 'todo_licence_due_0_title',
} as const satisfies Record<(typeof REMINDER_DAYS)[number], MessageKey>
const CONTENTS = {
  health_certificate: 'todo_licence_health_certificate_content',
  food_business_licence: 'todo_licence_food_business_licence_content',
  business_licence: 'todo_licence_business_licence_content',
  operating_licence: 'todo_licence_operating_licence_content',
} as const satisfies Record<LicenceKind, MessageKey>

/** The to-dos' `message_type`. */
export const LICENCE_TODO_TYPE = 'licence_reminder'

/** Claims keys; answers those this transaction won. */
async function claim(tx: Pick<Transaction, 'insert'>, keys: string[], at: Date): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const won = await tx
    .insert(licenceTodos)
    .values(keys.map((key) => ({ key, sentAt: at })))
    .onConflictDoNothing()
    .returning({ key: licenceTodos.key })
  return new Set(won.map((row) => row.key))
}

/** The uks of a market's operators (role MARKET, status normal). */
async function operatorsOf(tx: Pick<Transaction, 'select'>, marketId: string): Promise<string[]> {
  const rows = await tx
    .select({ uk: users.uk })
    .from(users)
    .where(and(eq(users.role, Role.MARKET), eq(users.marketId, marketId), eq(users.status, UserStatus.NORMAL)))
  return rows.map((row) => row.uk)
}

/** Licences whose last valid day is 30 or 7 days after `day`, or `day` itself: of active merchants, or a market's own. */
const dueLicences = (db: Database, day: string, after: string | null) =>
  db
    .select({
      id: licences.id,
      marketId: licences.marketId,
      kind: licences.kind,
      number: licences.number,
      validUntil: licences.validUntil,
      merchantName: merchants.name,
      stallNo: merchants.stallNo,
      marketName: markets.name,
    })
    .from(licences)
    .innerJoin(markets, eq(markets.id, licences.marketId))
    .leftJoin(merchants, eq(merchants.id, licences.merchantId))
    .where(
      and(
        inArray(
          licences.validUntil,
          REMINDER_DAYS.map((days) => addDays(day, days)),
        ),
        sql`(${licences.merchantId} is null or ${merchants.status} = 'active')`,
        after ? gt(licences.id, after) : undefined,
      ),
    )
    .orderBy(asc(licences.id))
    .limit(BATCH)

type Due = Awaited<ReturnType<typeof dueLicences>>[number]

const daysBefore = (licence: Due, day: string) =>
  REMINDER_DAYS.find((days) => addDays(day, days) === licence.validUntil) ?? 0

/** Sends the batch's reminders not sent yet, in one transaction; answers how many. */
async function sendReminders(db: Database, due: Due[], day: string, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const keyOf = (licence: Due) => `reminder:${licence.id}:${licence.validUntil}:${daysBefore(licence, day)}`
    const won = await claim(tx, due.map(keyOf), at)
    const readers = new Set<string>()
    const operators = new Map<string, string[]>()
    for (const licence of due) {
      if (!won.has(keyOf(licence))) continue
      let uks = operators.get(licence.marketId)
      if (!uks) operators.set(licence.marketId, (uks = await operatorsOf(tx, licence.marketId)))
      for (const uk of uks) {
        readers.add(uk)
        await postMessage(tx, {
          userUk: uk,
          type: 'todo',
          titleKey: TITLES[daysBefore(licence, day)],
          subTitleKey: 'todo_licence_sub_title',
          contentKey: CONTENTS[licence.kind as LicenceKind],
          params: {
            licenceId: licence.id,
            holder: licence.merchantName ?? licence.marketName,
            stall: licence.stallNo ?? '—',
            number: licence.number,
            until: licence.validUntil,
          },
          messageType: LICENCE_TODO_TYPE,
          at,
        })
      }
    }
    await publishLiveMany(
      tx,
      'messages',
      [...readers].map((userUk) => ({ audience: { userUk }, data: {} })),
    )
    return won.size
  })
}

/** Every reminder due on `day`; answers how many licences were reminded of. */
export async function sendDueReminders(db: Database, day: string, at: Date, stopped: () => boolean): Promise<number> {
  let after: string | null = null
  let sent = 0
  for (;;) {
    if (stopped()) return sent
    const due = await dueLicences(db, day, after)
    if (due.length === 0) return sent
    sent += await sendReminders(db, due, day, at)
    after = (due[due.length - 1] as Due).id
    if (due.length < BATCH) return sent
  }
}

/**
 * Markets in their grace on `day` with active merchants missing a licence: one to-do each, once a
 * grace (the key names its first day, so a grace started again by a market is told again).
 */
export async function sendGraceSummaries(db: Database, day: string, at: Date): Promise<number> {
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
        eq(merchants.status, 'active'),
        eq(merchants.licenceState, 'missing'),
        sql`${markets.licenceGraceFrom} <= ${day}::date`,
        sql`${markets.licenceGraceFrom} + ${markets.licenceGraceDays} > ${day}::date`,
      ),
    )
    .groupBy(markets.id)
  let sent = 0
  for (const row of rows) {
    sent += await db.transaction(async (tx) => {
      const won = await claim(tx, [`grace:${row.marketId}:${row.graceFrom}`], at)
      if (won.size === 0) return 0
      const uks = await operatorsOf(tx, row.marketId)
      for (const uk of uks)
        await postMessage(tx, {
          userUk: uk,
          type: 'todo',
          titleKey: 'todo_licence_grace_title',
          contentKey: 'todo_licence_grace_content',
          params: { count: row.missing, until: addDays(row.graceFrom, row.graceDays - 1) },
          messageType: LICENCE_TODO_TYPE,
          at,
        })
      await publishLiveMany(
        tx,
        'messages',
        uks.map((userUk) => ({ audience: { userUk }, data: {} })),
      )
      return 1
    })
  }
  return sent
}

/** OFFICIAL's one notice of `day` across markets: licences due in 30 and 7 days and today, merchants expired and missing. */
export async function sendOfficialSummary(db: Database, day: string, at: Date): Promise<boolean> {
  const [due] = await db
    .select({
      d30: sql<number>`count(*) filter (where ${licences.validUntil} = ${addDays(day, 30)}::date)`.mapWith(Number),
      d7: sql<number>`count(*) filter (where ${licences.validUntil} = ${addDays(day, 7)}::date)`.mapWith(Number),
      d0: sql<number>`count(*) filter (where ${licences.validUntil} = ${day}::date)`.mapWith(Number),
    })
    .from(licences)
    .where(
      inArray(
        licences.validUntil,
        REMINDER_DAYS.map((days) => addDays(day, days)),
      ),
    )
  const [states] = await db
    .select({
      expired: sql<number>`count(*) filter (where ${merchants.licenceState} = 'expired')`.mapWith(Number),
      missing: sql<number>`count(*) filter (where ${merchants.licenceState} = 'missing')`.mapWith(Number),
    })
    .from(merchants)
    .where(eq(merchants.status, 'active'))
  const params = {
    d30: due?.d30 ?? 0,
    d7: due?.d7 ?? 0,
    d0: due?.d0 ?? 0,
    expired: states?.expired ?? 0,
    missing: states?.missing ?? 0,
  }
  if (Object.values(params).every((n) => n === 0)) return false
  return db.transaction(async (tx) => {
    const won = await claim(tx, [`summary:${day}`], at)
    if (won.size === 0) return false
    const officials = await tx
      .select({ uk: users.uk })
      .from(users)
      .where(and(eq(users.role, Role.OFFICIAL), eq(users.status, UserStatus.NORMAL), isNull(users.marketId)))
    for (const { uk } of officials)
      await postMessage(tx, {
        userUk: uk,
        type: 'notice',
        titleKey: 'notice_licence_summary_title',
        contentKey: 'notice_licence_summary_content',
        params: { day, ...params },
        messageType: LICENCE_TODO_TYPE,
        at,
      })
    await publishLiveMany(
      tx,
      'messages',
      officials.map(({ uk }) => ({ audience: { userUk: uk }, data: {} })),
    )
    return true
  })
}
