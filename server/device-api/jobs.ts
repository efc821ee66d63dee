import type { Logger } from 'pino'
import type { Database } from '../db/client'
import type { Clock } from '../lib/clock'
import { makePartitionWindow, makeUpcomingPartitions } from './partitions'
import { sweepOfflineDevices } from './seen'

/** Offline is announced within this long of the two minutes (and the sweep's 5 s grace) running out. */
const SWEEP_MS = 15_000
const PARTITIONS_MS = 60 * 60_000

/**
 * What runs beside the requests: silent devices announced offline, and the day partitions made ahead.
 * At start (without holding it up: the server is listening meanwhile) every day ingest accepts, a year
 * back to a week ahead, in short chunks; then hourly the coming week (a new day once a day; hourly so a
 * server started at 23:59 is ready at midnight). Answers how to stop them, and when the start's window is made.
 */
export function startDeviceJobs(
  db: Database,
  clock: Clock,
  logger: Logger,
): { stop: () => void; windowMade: Promise<void> } {
  let stopped = false
  let window: ReturnType<typeof setTimeout> | undefined
  // Settles when the start's window is made (or failed, or was stopped): what waits for it goes on.
  const windowMade = new Promise<void>((settled) => {
    window = setTimeout(() => {
      const started = Date.now()
      makePartitionWindow(db, clock(), { stopped: () => stopped })
        .then(
          (made) => logger.info({ made, ms: Date.now() - started }, 'day partitions made for the accepted window'),
          (error: unknown) => logger.warn({ err: error }, 'could not make the day partitions'),
        )
        .finally(settled)
    }, 0)
  })
  const sweep = setInterval(() => {
    sweepOfflineDevices(db, clock()).catch((error: unknown) => logger.warn({ err: error }, 'offline sweep failed'))
  }, SWEEP_MS)
  const partitions = setInterval(() => {
    makeUpcomingPartitions(db, clock()).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not make the next partitions'),
    )
  }, PARTITIONS_MS)
  sweep.unref()
  partitions.unref()
  const stop = () => {
    stopped = true
    clearTimeout(window)
    clearInterval(sweep)
    clearInterval(partitions)
  }
  return { stop, windowMade }
}
