import { serve } from '@hono/node-server'
import pino from 'pino'
import { createApp } from './app'
import { applicationNameFor, openConfiguredDatabase, openReplica } from './db/client'
import { DataDirBusyError } from './db/data-dir-lock'
import { ReadRouting } from './db/read-routing'
import { seedDemo } from './demo/seed/demo'
import { readEnv } from './env'
import { systemClock } from './lib/clock'
import { startDeviceJobs } from './device-api/jobs'
import { flushDevicePresence } from './device-api/presence'
import { startPgliteMaintenance } from './db/maintenance'
import { startRetention } from './db/retention'
import { startPartitionIndexes } from './db/partition-indexes'
import { startFileJobs } from './files/jobs'
import { openStreams } from './live/open-streams'
import { Scheduler } from './lib/scheduled-jobs'
import { rollupCheckJob } from './statements/nightly-check'
import { minuteRollupPruneJob } from './device-api/minute-prune'
import { followUpTodoJob } from './pesticide-tests/follow-up-todos'
import { licenceJob } from './licences/job'
import { overdueComplaintTodoJob } from './complaints/overdue-todos'
import { creditRecomputeJob } from './credit/job'

async function main() {
  let env
  try {
    env = readEnv()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
  const logger = pino({ level: env.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] })
  let handle
  try {
    // Named by instance: /api/metrics finds this instance's connections in pg_stat_activity by it.
    handle = await openConfiguredDatabase({ ...env, applicationName: applicationNameFor(env.metricsInstance) })
  } catch (error) {
    // Another process has the embedded database open (a backup, a restore, a second server).
    if (error instanceof DataDirBusyError) {
      logger.fatal(error.message)
      process.exit(2)
    }
    throw error
  }
  if (env.demo) await seedDemo(handle.db)
  // The replica is opened without waiting for it: a standby that is down is read around, not fatal.
  const replica = env.databaseReadUrl ? await openReplica(env.databaseReadUrl) : null
  const reads = replica
    ? new ReadRouting(handle.db, replica, { maxLagMs: env.databaseReadMaxLagMs, logger })
    : ReadRouting.primaryOnly(handle.db, logger)
  const stopReadChecks = reads.start()

  const app = createApp({
    db: handle.db,
    reads,
    events: handle.events,
    pool: handle.pool,
    clock: systemClock,
    logger,
    config: {
      sessionTtlSeconds: env.sessionTtlSeconds,
      sessionMaxAgeSeconds: env.sessionMaxAgeSeconds,
      trustProxy: env.trustProxy,
      clientDir: env.clientDir,
      secureCookies: env.secureCookies,
      metrics: { token: env.metricsToken, instance: env.metricsInstance },
    },
  })
  // Not awaited: the partitions are made in the background while the server listens.
  const deviceJobs = startDeviceJobs(handle.db, systemClock, logger)
  const stopMaintenance = startPgliteMaintenance(handle, logger)
  const stopFileJobs = startFileJobs(handle.db, systemClock, logger)
  const stopRetention = startRetention(handle.db, systemClock, logger, env.retainDays)
  // Indexes a migration made on a partitioned table's parent alone, built part by part in the background
  // once the day parts are made (a build on the default part and a new part's creation wait on each other).
  const stopPartitionIndexes = startPartitionIndexes(handle, logger, { after: deviceJobs.windowMade })
  // The kit's scheduled jobs: each slot runs once across every instance sharing the database.
  const scheduler = new Scheduler({ db: handle.db, clock: systemClock, logger }, [
    rollupCheckJob,
    minuteRollupPruneJob,
    followUpTodoJob,
    licenceJob,
    overdueComplaintTodoJob,
    creditRecomputeJob,
  ])
  scheduler.start()
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    logger.info(
      { url: `http://${env.host}:${info.port}`, database: handle.kind, demo: env.demo },
      'Daily Supply console is listening',
    )
  })

  /*
   * Graceful shutdown: stop accepting, end the live streams at once (each with a `retry:` hint; the
   * client resumes with Last-Event-ID), let in-flight requests finish, then close the database. A
   * connection a finished request left idle is closed as soon as it is idle, not kept alive.
   */
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in 10 s; closing anyway')
      process.exit(1)
    }, 10_000)
    force.unref()
    deviceJobs.stop()
    stopMaintenance()
    stopFileJobs()
    stopRetention()
    stopPartitionIndexes()
    stopReadChecks()
    const jobsStopped = scheduler.stop()
    server.close(async () => {
      // A scheduled job under way is waited for (it stops between chunks), then the database closes.
      await jobsStopped.catch((error: unknown) => logger.warn({ err: error }, 'scheduled jobs did not stop cleanly'))
      await flushDevicePresence().catch((error: unknown) => logger.warn({ err: error }, 'could not write last seen'))
      await replica?.close()
      await handle.close()
      logger.info('stopped')
      process.exit(0)
    })
    const streams = openStreams.endAll()
    logger.info({ signal, streams }, 'shutting down')
    if ('closeIdleConnections' in server) {
      server.closeIdleConnections()
      setInterval(() => server.closeIdleConnections(), 50).unref()
    }
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

void main()
