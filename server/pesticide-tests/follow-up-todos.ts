import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import { formatShanghaiTime } from '../../contract/time'
import { merchants, pesticideTestFollowUps, pesticideTests } from '../db/schema'
import { notSentYet, recordTodoJob, type RecordTodoKind } from '../messages/public'

/**
 * An unhandled failure older than a day is a to-do for its market's operators (issue 25 §3), sent
 * once a failure by an hourly job (the kit's record to-dos, server/messages/record-todos.ts). Each run
 * looks at every failure between a day and a week old with no follow-up and no to-do yet, so a run
 * missed (a server down for hours or days) is caught up by the next; older failures are history, not
 * to-dos (a first start would otherwise bury operators under every failure ever made). Recording the
 * follow-up closes the to-do (service.ts).
 */

const DAY_MS = 86_400_000
/** A failure becomes a to-do this long after its test. */
const DUE_AFTER_MS = DAY_MS
/** Failures older than this are left alone. */
const LOOK_BACK_MS = 7 * DAY_MS

export const FOLLOW_UP_TODO: RecordTodoKind = {
  type: 'pesticide_follow_up',
  recordParam: 'testId',
  keys: {
    title: 'todo_pesticide_follow_up_title',
    subTitle: 'todo_pesticide_follow_up_sub_title',
    content: 'todo_pesticide_follow_up_content',
  },
  due: async (db, now, limit) => {
    const failures = await db
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
          notSentYet(FOLLOW_UP_TODO, pesticideTests.marketId, sql`${pesticideTests.id}::text`),
        ),
      )
      .orderBy(asc(pesticideTests.testedAt), asc(pesticideTests.id))
      .limit(limit)
    return failures.map((failure) => ({
      marketId: failure.marketId,
      recordKey: failure.testId,
      params: {
        testId: failure.testId,
        stall: failure.stallNo || '—',
        product: failure.produce,
        merchant: failure.merchantName ?? '—',
        at: formatShanghaiTime(failure.testedAt),
      },
    }))
  },
}

/** Hourly on the kit's scheduler: a failure waits at most an hour past its day. */
export const followUpTodoJob = recordTodoJob('pesticide-follow-up-todos', { everyMinutes: 60 }, FOLLOW_UP_TODO)
