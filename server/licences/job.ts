import { and, eq, lt } from 'drizzle-orm'
import { addDays, shanghaiToday } from '../../contract/time'
import type { Database } from '../db/client'
import { scheduledJobRuns } from '../db/schema'
import type { ScheduledJob } from '../lib/scheduled-jobs'
import { sendRecordTodos } from '../messages/public'
import { LICENCE_GRACE, LICENCE_REMINDER, sendOfficialSummary } from './reminders'
import { refreshLicenceStates } from './states'

/**
 * The daily licence job (issue 26 §1) on the kit's scheduler: once across instances, a missed day
 * caught up. Shortly after midnight Shanghai, when states change: each merchant's stored worst state
 * brought up to today, then the reminders due, the grace summaries and OFFICIAL's notice (each sent
 * once: server/licences/reminders.ts). Everything is computed from today, so a caught-up slot finds
 * its work already done by the latest one and costs a query or two.
 */
const DAY_MS = 86_400_000
const JOB = 'licences-daily'

/**
 * Whether the slot before `day`'s brought the states up to its day: it finished, and it started before
 * `day`'s slot fell due. A slot caught up later (after days the server was down) leaves the states
 * alone, so its finishing says nothing about them: the run then looks at every merchant.
 */
async function refreshedYesterday(db: Database, day: string, dueAt: Date): Promise<boolean> {
  const [run] = await db
    .select({ slot: scheduledJobRuns.slot })
    .from(scheduledJobRuns)
    .where(
      and(
        eq(scheduledJobRuns.job, JOB),
        eq(scheduledJobRuns.slot, addDays(day, -1)),
        eq(scheduledJobRuns.outcome, 'ok'),
        lt(scheduledJobRuns.startedAt, dueAt),
      ),
    )
  return run !== undefined
}

export const licenceJob: ScheduledJob = {
  name: JOB,
  schedule: { daily: '00:05' },
  run: async (ctx) => {
    // Stopped part way, the slot fails and runs again after the restart (what was sent stays claimed).
    const unlessStopped = () => {
      if (ctx.stopped()) throw new Error('stopped before the day was done')
    }
    // The states once, on the latest slot: a caught-up day's refresh would be today's again.
    const latest = ctx.now.getTime() - ctx.dueAt.getTime() < DAY_MS
    const today = shanghaiToday(ctx.now)
    const changed = latest
      ? await refreshLicenceStates(ctx.db, today, ctx.stopped, !(await refreshedYesterday(ctx.db, ctx.day, ctx.dueAt)))
      : 0
    unlessStopped()
    const reminded = await sendRecordTodos(ctx, LICENCE_REMINDER)
    unlessStopped()
    const graces = await sendRecordTodos(ctx, LICENCE_GRACE)
    const summary = await sendOfficialSummary(ctx.db, ctx.now)
    ctx.logger.info({ changed, reminded, graces, summary }, 'licence states and reminders')
  },
}
