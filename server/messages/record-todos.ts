import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { Role, UserStatus } from '../../contract/roles'
import type { Database } from '../db/client'
import { messages, recordTodos, users } from '../db/schema'
import type { MessageKey } from '../lib/i18n'
import { publishLiveMany } from '../lib/live-publish'
import { pacer } from '../lib/pace'
import type { JobContext, ScheduledJob, Schedule } from '../lib/scheduled-jobs'
import { postMessages, type NewMessage } from './post'

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
   * `notSentYet(kind, marketIdColumn, recordKeyExpression)`. `after` is the last record of the run's
   * previous batch (null for the first): a kind with many records due continues after it (a keyset),
   * so a run reads its records once rather than again for every batch; a kind with few may ignore it.
   */
  due: (db: Database, now: Date, limit: number, after: DueRecord | null) => Promise<DueRecord[]>
}

/** Records per transaction. */
const BATCH = 200

/** The where-clause part that leaves out the records whose to-do is already sent. */
export const notSentYet = (kind: Pick<RecordTodoKind, 'type'>, marketId: SQL | unknown, recordKey: SQL | unknown) =>
  sql`not exists (select 1 from ${recordTodos} t where t.type = ${kind.type} and t.market_id = ${marketId} and t.record_key = ${recordKey})`

/** The operators of these markets who can act on a to-do, by market: one query for a batch. */
async function operatorsOf(db: Database, marketIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ uk: users.uk, marketId: users.marketId })
    .from(users)
    .where(and(eq(users.role, Role.MARKET), inArray(users.marketId, marketIds), eq(users.status, UserStatus.NORMAL)))
    .orderBy(users.uk)
  const byMarket = new Map<string, string[]>()
  for (const { uk, marketId } of rows) if (marketId) byMarket.set(marketId, [...(byMarket.get(marketId) ?? []), uk])
  return byMarket
}

/**
 * Claims the records and posts each claimed one's to-do to its market's operators, in one short
 * transaction of four statements whatever the batch's size (claims, operators, to-dos, live events).
 */
async function sendBatch(db: Database, kind: RecordTodoKind, records: DueRecord[], now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(recordTodos)
      .values(records.map(({ marketId, recordKey }) => ({ type: kind.type, marketId, recordKey, sentAt: now })))
      .onConflictDoNothing()
      .returning({ marketId: recordTodos.marketId, recordKey: recordTodos.recordKey })
    if (claimed.length === 0) return 0
    const mine = new Set(claimed.map((row) => `${row.marketId}/${row.recordKey}`))
    const sent = records.filter((record) => mine.has(`${record.marketId}/${record.recordKey}`))
    const operators = await operatorsOf(tx, [...new Set(sent.map((record) => record.marketId))])
    const todos: NewMessage[] = sent.flatMap((record) =>
      (operators.get(record.marketId) ?? []).map((uk) => ({
        userUk: uk,
        type: 'todo' as const,
        titleKey: record.keys?.title ?? kind.keys.title,
        subTitleKey: record.keys?.subTitle ?? kind.keys.subTitle,
        contentKey: record.keys?.content ?? kind.keys.content,
        params: record.params,
        messageType: kind.type,
        at: now,
      })),
    )
    await postMessages(tx, todos)
    await publishLiveMany(
      tx,
      'messages',
      [...new Set(todos.map((todo) => todo.userUk))].map((userUk) => ({ audience: { userUk }, data: {} })),
    )
    return mine.size
  })
}

/**
 * Sends the to-do of every record of `kind` due at `now`; answers how many records it sent. Batches
 * are paced (server/lib/pace.ts): a day with thousands due leaves the requests room between them.
 */
export async function sendRecordTodos(
  ctx: Pick<JobContext, 'db' | 'now' | 'stopped'>,
  kind: RecordTodoKind,
): Promise<number> {
  const pause = pacer()
  let sent = 0
  let after: DueRecord | null = null
  for (;;) {
    if (ctx.stopped()) return sent
    const records = await kind.due(ctx.db, ctx.now, BATCH, after)
    if (records.length === 0) return sent
    sent += await sendBatch(ctx.db, kind, records, ctx.now)
    if (records.length < BATCH) return sent
    after = records[records.length - 1] ?? null
    await pause()
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
