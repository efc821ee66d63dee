import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import { Role, UserStatus } from '../../contract/roles'
import { formatShanghaiTime } from '../../contract/time'
import type { Database } from '../db/client'
import { merchants, pesticideTestFollowUps, pesticideTests, pesticideTestTodos, users } from '../db/schema'
import { publishLiveMany } from '../lib/live-publish'
import type { JobContext, ScheduledJob } from '../lib/scheduled-jobs'
import { postMessage } from '../messages/public'

/**
 * An unhandled failure older than a day is a to-do for its market's operators (issue 25 §3), sent
 * once a failure by an hourly job on the kit's scheduler. Each run looks at every failure between a
 * day and a week old with no follow-up and no to-do yet, so a run missed (a server down for hours or
 * days) is caught up by the next; older failures are history, not to-dos (a first start would
 * otherwise bury operators under every failure ever made). A failure is claimed by its row in
 * pesticide_test_todos in the transaction that posts its to-dos, so a slot run twice, or two
 * instances at once, still send it once. Recording the follow-up marks the to-do read (service.ts).
 */

/** The to-dos' `message_type` (and `params.testId` names the test). */
export const FOLLOW_UP_TODO_TYPE = 'pesticide_follow_up'
const JOB = 'pesticide-follow-up-todos'
const DAY_MS = 86_400_000
/** A failure becomes a to-do this long after its test. */
const DUE_AFTER_MS = DAY_MS
/** Failures older than this are left alone. */
const LOOK_BACK_MS = 7 * DAY_MS
/** Failures per transaction. */
const BATCH = 200

/** Failures due and not yet handled or sent, oldest first. */
const dueFailures = (db: Database, now: Date) =>
  db
    .select({
      marketId: pesticideTests.marketId,
      testId: pesticideTests.id,
      produce: pesticideTests.produce,
      stallNo: pesticideTests.stallNo,
      testedAt: pesticideTests.testedAt,
      merchantName: merchants.name,
    })
    .from(pesticideTests)
    .leftJoin(merchants, eq(merchants.id, pesticideTests.merchantId))
    .where(
      and(
        // The partial index of failures by time (migration 0015).
        sql`${pesticideTests.result} = 'fail'`,
        lt(pesticideTests.testedAt, new Date(now.getTime() - DUE_AFTER_MS)),
        gte(pesticideTests.testedAt, new Date(now.getTime() - LOOK_BACK_MS)),
        sql`not exists (select 1 from ${pesticideTestFollowUps} f where f.market_id = ${pesticideTests.marketId} and f.test_id = ${pesticideTests.id})`,
        sql`not exists (select 1 from ${pesticideTestTodos} d where d.market_id = ${pesticideTests.marketId} and d.test_id = ${pesticideTests.id})`,
      ),
    )
    .orderBy(asc(pesticideTests.testedAt), asc(pesticideTests.id))
    .limit(BATCH)

type Failure = Awaited<ReturnType<typeof dueFailures>>[number]

/** Claims the failures and posts each claimed one's to-do to its market's operators, in one transaction. */
async function sendBatch(db: Database, failures: Failure[], now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(pesticideTestTodos)
      .values(failures.map(({ marketId, testId }) => ({ marketId, testId, sentAt: now })))
      .onConflictDoNothing()
      .returning({ testId: pesticideTestTodos.testId })
    const mine = new Set(claimed.map((row) => row.testId))
    const readers = new Set<string>()
    const operators = new Map<string, string[]>()
    for (const failure of failures) {
      if (!mine.has(failure.testId)) continue
      let uks = operators.get(failure.marketId)
      if (!uks) {
        const rows = await tx
          .select({ uk: users.uk })
          .from(users)
          .where(
            and(eq(users.role, Role.MARKET), eq(users.marketId, failure.marketId), eq(users.status, UserStatus.NORMAL)),
          )
        uks = rows.map((row) => row.uk)
        operators.set(failure.marketId, uks)
      }
      for (const uk of uks) {
        readers.add(uk)
        await postMessage(tx, {
          userUk: uk,
          type: 'todo',
          titleKey: 'todo_pesticide_follow_up_title',
          subTitleKey: 'todo_pesticide_follow_up_sub_title',
          contentKey: 'todo_pesticide_follow_up_content',
          params: {
            testId: failure.testId,
            stall: failure.stallNo || '—',
            product: failure.produce,
            merchant: failure.merchantName ?? '—',
            at: formatShanghaiTime(failure.testedAt),
          },
          messageType: FOLLOW_UP_TODO_TYPE,
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

/** Sends the to-do of every failure due at `now`; answers how many failures it sent. */
async function sendFollowUpTodos(ctx: Pick<JobContext, 'db' | 'now' | 'stopped'>): Promise<number> {
  let sent = 0
  for (;;) {
    if (ctx.stopped()) return sent
    const failures = await dueFailures(ctx.db, ctx.now)
    if (failures.length === 0) return sent
    sent += await sendBatch(ctx.db, failures, ctx.now)
    if (failures.length < BATCH) return sent
  }
}

/** Hourly on the kit's scheduler: a failure waits at most an hour past its day. */
export const followUpTodoJob: ScheduledJob = {
  name: JOB,
  schedule: { everyMinutes: 60 },
  run: async (ctx) => {
    const sent = await sendFollowUpTodos(ctx)
    if (sent > 0) ctx.logger.info({ sent }, 'pesticide follow-up to-dos sent')
  },
}
