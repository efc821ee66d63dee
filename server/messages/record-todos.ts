import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { Role, UserStatus } from '../../contract/roles'
import type { Database } from '../db/client'
import { messages, recordTodos, users } from '../db/schema'
import type { MessageKey } from '../lib/i18n'
import { publishLiveMany } from '../lib/live-publish'
import type { JobContext, ScheduledJob, Schedule } from '../lib/scheduled-jobs'
import { postMessage } from './post'

/**
 * A record's to-do for its market's operators, sent once (a pesticide failure left a day, a complaint
 * past its deadline, a licence about to expire). A job on the kit's scheduler asks the area for the
 * records due and not yet sent; a record is claimed by its row in record_todos in the transaction that
 * posts its to-dos, so a slot run twice, two instances at once or a run after a restart still send it
 * once, and a run missed is caught up by the next (the area decides how far back "due" reaches).
 * Handling the record closes its to-dos (`closeRecordTodos`).
 */

/** One record due: its market, its key among the kind's records, and the to-do's words. */
type DueRecord = {
  marketId: string
  /** Unique within the kind and market: a record's id, or an id and a date for one reminder of several. */
  recordKey: string
  params: Record<string, string>
  /** Words of this record's own in place of the kind's (a licence's reminder names its kind and how near). */
  keys?: Partial<RecordTodoKind['keys']>
}

export type RecordTodoKind = {
  /** The to-dos' `message_type`, and the claims' kind. */
  type: string
  /** The param naming the record in the to-do (the console links it; closing finds it by it). */
  recordParam: string
  keys: { title: MessageKey; subTitle: MessageKey; content: MessageKey }
  /**
   * At most `limit` records due at `now`, oldest first, leaving out those already sent: filter with
   * `notSentYet(kind, marketIdColumn, recordKeyExpression)`.
   */
  due: (db: Database, now: Date, limit: number) => Promise<DueRecord[]>
}

/** Records per transaction. */
const BATCH = 200

/** The where-clause part that leaves out the records whose to-do is already sent. */
export const notSentYet = (kind: Pick<RecordTodoKind, 'type'>, marketId: SQL | unknown, recordKey: SQL | unknown) =>
  sql`not exists (select 1 from ${recordTodos} t where t.type = ${kind.type} and t.market_id = ${marketId} and t.record_key = ${recordKey})`

/** The market's operators who can act on a to-do. */
const operatorsOf = async (db: Database, marketId: string) =>
  (
    await db
      .select({ uk: users.uk })
      .from(users)
      .where(and(eq(users.role, Role.MARKET), eq(users.marketId, marketId), eq(users.status, UserStatus.NORMAL)))
  ).map((row) => row.uk)

/** Claims the records and posts each claimed one's to-do to its market's operators, in one transaction. */
async function sendBatch(db: Database, kind: RecordTodoKind, records: DueRecord[], now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(recordTodos)
      .values(records.map(({ marketId, recordKey }) => ({ type: kind.type, marketId, recordKey, sentAt: now })))
      .onConflictDoNothing()
      .returning({ marketId: recordTodos.marketId, recordKey: recordTodos.recordKey })
    const mine = new Set(claimed.map((row) => `${row.marketId}/${row.recordKey}`))
    const readers = new Set<string>()
    const operators = new Map<string, string[]>()
    for (const record of records) {
      if (!mine.has(`${record.marketId}/${record.recordKey}`)) continue
      let uks = operators.get(record.marketId)
      if (!uks) {
        uks = await operatorsOf(tx, record.marketId)
        operators.set(record.marketId, uks)
      }
      for (const uk of uks) {
        readers.add(uk)
        await postMessage(tx, {
          userUk: uk,
          type: 'todo',
          titleKey: record.keys?.title ?? kind.keys.title,
          subTitleKey: record.keys?.subTitle ?? kind.keys.subTitle,
          contentKey: record.keys?.content ?? kind.keys.content,
          params: record.params,
          messageType: kind.type,
          at: now,
        })
      }
    }
    await publishLiveMany(
      tx,
      'messages',
      [...readers].map((userUk) => ({ audience: { userUk }, data: {} })),
    )
    return mine.size
  })
}

/** Sends the to-do of every record of `kind` due at `now`; answers how many records it sent. */
export async function sendRecordTodos(
  ctx: Pick<JobContext, 'db' | 'now' | 'stopped'>,
  kind: RecordTodoKind,
): Promise<number> {
  let sent = 0
  for (;;) {
    if (ctx.stopped()) return sent
    const records = await kind.due(ctx.db, ctx.now, BATCH)
    if (records.length === 0) return sent
    sent += await sendBatch(ctx.db, kind, records, ctx.now)
    if (records.length < BATCH) return sent
  }
}

/** A job on the kit's scheduler sending one kind's to-dos. */
export const recordTodoJob = (name: string, schedule: Schedule, kind: RecordTodoKind): ScheduledJob => ({
  name,
  schedule,
  run: async (ctx) => {
    const sent = await sendRecordTodos(ctx, kind)
    if (sent > 0) ctx.logger.info({ sent, type: kind.type }, 'record to-dos sent')
  },
})

/**
 * The record was handled: its to-dos, for every operator of its market, are done (read), and their
 * message boxes hear it. Called in the transaction that handles it.
 */
export async function closeRecordTodos(
  tx: Database,
  kind: Pick<RecordTodoKind, 'type' | 'recordParam'>,
  marketId: string,
  recordValue: string,
): Promise<void> {
  const done = await tx
    .update(messages)
    .set({ status: 1 })
    .where(
      and(
        inArray(
          messages.userUk,
          tx
            .select({ uk: users.uk })
            .from(users)
            .where(and(eq(users.role, Role.MARKET), eq(users.marketId, marketId))),
        ),
        eq(messages.type, 'todo'),
        eq(messages.status, 0),
        eq(messages.messageType, kind.type),
        sql`${messages.params}->>${kind.recordParam} = ${recordValue}`,
      ),
    )
    .returning({ userUk: messages.userUk })
  await publishLiveMany(
    tx,
    'messages',
    [...new Set(done.map((row) => row.userUk))].map((userUk) => ({ audience: { userUk }, data: {} })),
  )
}
