import { shanghaiToday } from '../../contract/time'
import type { ScheduledJob } from '../lib/scheduled-jobs'
import { sendDueReminders, sendGraceSummaries, sendOfficialSummary } from './reminders'
import { refreshLicenceStates } from './states'

/**
 * The daily licence job (issue 26 §1) on the kit's scheduler: once across instances, a missed day
 * caught up. Shortly after midnight Shanghai, when states change: each merchant's stored worst state
 * brought up to today (only on today's slot: a caught-up day's refresh would be today's again), then
 * the day's reminders, grace summaries and OFFICIAL's notice.
 */
export const licenceJob: ScheduledJob = {
  name: 'licences-daily',
  schedule: { daily: '00:05' },
  run: async ({ db, day, now, logger, stopped }) => {
    // Stopped part way, the slot fails and runs again after the restart (what was sent stays claimed).
    const unlessStopped = () => {
      if (stopped()) throw new Error('stopped before the day was done')
    }
    const changed = day === shanghaiToday(now) ? await refreshLicenceStates(db, day, stopped) : 0
    unlessStopped()
    const reminded = await sendDueReminders(db, day, now, stopped)
    unlessStopped()
    const graces = await sendGraceSummaries(db, day, now)
    const summary = await sendOfficialSummary(db, day, now)
    logger.info({ day, changed, reminded, graces, summary }, 'licence states and reminders')
  },
}
