import type { Logger } from 'pino'
import type { Database } from '../db/client'
import type { Clock } from '../lib/clock'
import { sweepUnclaimedFiles } from './sweep'

const SWEEP_EVERY_MS = 60 * 60_000

/** Sweeps unclaimed uploads hourly (server/main.ts starts it; several instances may). Answers how to stop it. */
export function startFileJobs(db: Database, clock: Clock, logger: Pick<Logger, 'info' | 'warn'>): () => void {
  const sweep = setInterval(() => {
    sweepUnclaimedFiles(db, clock()).then(
      (count) => {
        if (count > 0) logger.info({ count }, 'unclaimed uploads swept')
      },
      (error: unknown) => logger.warn({ err: error }, 'could not sweep unclaimed uploads'),
    )
  }, SWEEP_EVERY_MS)
  sweep.unref()
  return () => clearInterval(sweep)
}
