import { and, asc, eq, lt, sql } from 'drizzle-orm'
import { formatShanghaiTime } from '../../contract/time'
import { complaints, merchants } from '../db/schema'
import { notSentYet, recordTodoJob, type RecordTodoKind } from '../messages/public'

/**
 * A complaint still open past its market's deadline is a to-do for the market's operators (issue 26
 * §2), sent once a complaint by an hourly job (the kit's record to-dos). Every open overdue complaint
 * counts, however old: unlike a test, it is still waiting for someone. Resolving or withdrawing it
 * closes the to-do (service.ts).
 */
export const OVERDUE_TODO: RecordTodoKind = {
  type: 'complaint_overdue',
  recordParam: 'complaintId',
  keys: {
    title: 'todo_complaint_overdue_title',
    subTitle: 'todo_complaint_overdue_sub_title',
    content: 'todo_complaint_overdue_content',
  },
  due: async (db, now, limit) => {
    const overdue = await db
      .select({
        marketId: complaints.marketId,
        id: complaints.id,
        no: complaints.no,
        stallNo: complaints.stallNo,
        receivedAt: complaints.receivedAt,
        dueAt: complaints.dueAt,
        merchantName: merchants.name,
      })
      .from(complaints)
      .leftJoin(merchants, eq(merchants.id, complaints.merchantId))
      .where(
        and(
          // The partial index of open complaints by due time (migration 0016).
          sql`${complaints.state} in ('received', 'handling')`,
          lt(complaints.dueAt, now),
          notSentYet(OVERDUE_TODO, complaints.marketId, sql`${complaints.id}::text`),
        ),
      )
      .orderBy(asc(complaints.dueAt), asc(complaints.id))
      .limit(limit)
    return overdue.map((complaint) => ({
      marketId: complaint.marketId,
      recordKey: complaint.id,
      params: {
        complaintId: complaint.id,
        no: String(complaint.no),
        stall: complaint.stallNo || '—',
        merchant: complaint.merchantName ?? '—',
        received: formatShanghaiTime(complaint.receivedAt),
        due: formatShanghaiTime(complaint.dueAt),
      },
    }))
  },
}

/** Hourly on the kit's scheduler: an overdue complaint waits at most an hour for its to-do. */
export const overdueComplaintTodoJob = recordTodoJob('complaint-overdue-todos', { everyMinutes: 60 }, OVERDUE_TODO)
