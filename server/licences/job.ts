import { shanghaiToday } from '../../contract/time'
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

export const licenceJob: ScheduledJob = {
  name: 'licences-daily',
  schedule: { daily: '00:05' },
  run: async (ctx) => {
    // Stopped part way, the slot fails and runs again after the restart (what was sent stays claimed).
    const unlessStopped = () => {
      if (ctx.stopped()) throw new Error('stopped before the day was done')
    }
    // The states once, on the latest slot: a caught-up day's refresh would be today's again.
    const latest = ctx.now.getTime() - ctx.dueAt.getTime() < DAY_MS
    const changed = latest ? await refreshLicenceStates(ctx.db, shanghaiToday(ctx.now), ctx.stopped) : 0
    unlessStopped()
    const reminded = await sendRecordTodos(ctx, LICENCE_REMINDER)
    unlessStopped()
    const graces = await sendRecordTodos(ctx, LICENCE_GRACE)
    const summary = await sendOfficialSummary(ctx.db, ctx.now)
    ctx.logger.info({ changed, reminded, graces, summary }, 'licence states and reminders')
  },
}
