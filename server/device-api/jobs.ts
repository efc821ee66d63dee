import type { Logger } from 'pino'
import type { Database } from '../db/client'
import type { Clock } from '../lib/clock'
import { ensureUpcomingPartitions } from './partitions'
import { sweepOfflineDevices } from './seen'

/** Offline is announced within this long of the two minutes running out. */
const SWEEP_MS = 15_000
const PARTITIONS_MS = 60 * 60_000

/**
 * What runs beside the requests: silent devices announced offline, and the next week's partitions made
 * (hourly, so a server started at 23:59 is ready at midnight). Answers how to stop them.
 */
export async function startDeviceJobs(db: Database, clock: Clock, logger: Logger): Promise<() => void> {
  await ensureUpcomingPartitions(db, clock())
  const sweep = setInterval(() => {
    sweepOfflineDevices(db, clock()).catch((error: unknown) => logger.warn({ err: error }, 'offline sweep failed'))
  }, SWEEP_MS)
  const partitions = setInterval(() => {
    ensureUpcomingPartitions(db, clock()).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not make the next partitions'),
    )
  }, PARTITIONS_MS)
  sweep.unref()
  partitions.unref()
  return () => {
    clearInterval(sweep)
    clearInterval(partitions)
  }
}
