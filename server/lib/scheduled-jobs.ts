import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { addDays, shanghaiDayOf, shanghaiDayStart } from '../../contract/time'
import type { Database } from '../db/client'
import { scheduledJobRuns } from '../db/schema'
import type { Clock } from './clock'

/**
 * The kit's scheduled jobs (issue 25): work that runs on a schedule, once across every instance,
 * catching up the slots a stopped server missed. A slot is what one run is for: a Shanghai day
 * ('2026-11-26') for a daily job, the start of its N minutes ('2026-11-26T04:10:00.000Z') otherwise.
 * Each run claims its row in scheduled_job_runs (job, slot) by an insert that conflicts, so a second
 * instance finds it taken; a failed run is tried again on the next tick; a run whose instance died is
 * claimable again after the lease. Driven by the injected clock: tests call tick() after moving it.
 */

/** Daily at a Shanghai wall-clock time ('00:30'), or every N minutes (slots aligned to the epoch). */
export type Schedule = { daily: string } | { everyMinutes: number }

export type JobContext = {
  /** The slot's key: its Shanghai day for a daily job, its start (ISO) otherwise. */
  slot: string
  /** The Shanghai day the slot falls on (a daily job's slot itself). */
  day: string
  /** When the slot fell due (a caught-up run is for a time before now). */
  dueAt: Date
  /** The clock's time as the run starts. */
  now: Date
  db: Database
  logger: Pick<Logger, 'info' | 'warn'>
  /** True once the scheduler is stopping: a long run checks it between chunks and returns. */
  stopped: () => boolean
}

export type ScheduledJob = {
  /** Unique across jobs: the runs table's key. */
  name: string
  schedule: Schedule
  run: (ctx: JobContext) => Promise<void>
  /** How many slots back a tick runs what was missed (default 7); older ones are let go. */
  catchUp?: number
  /** Tries per slot before a failing slot is let go (default 5). */
  attempts?: number
  /** A run still unfinished after this long is taken to have died with its instance (default 1 h). */
  leaseMs?: number
}

const MINUTE_MS = 60_000
const DEFAULT_CATCH_UP = 7
const DEFAULT_ATTEMPTS = 5
const DEFAULT_LEASE_MS = 60 * MINUTE_MS
/** How often a running server looks for due slots. */
const TICK_MS = 30_000
/** What an error leaves in the runs table (the log has the rest). */
const ERROR_CHARS = 500

/** The wall-clock time '00:30' as minutes after midnight; refused when not a time of day. */
function minutesOfDay(time: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time)
  if (!match) throw new Error(`not a time of day: ${time}`)
  return Number(match[1]) * 60 + Number(match[2])
}

type Slot = { slot: string; day: string; dueAt: Date }

/** The slots due at `now`, oldest first: the latest that has fallen due and up to `count - 1` before it. */
export function dueSlots(schedule: Schedule, now: Date, count: number): Slot[] {
  const slots: Slot[] = []
  if ('daily' in schedule) {
    const offset = minutesOfDay(schedule.daily) * MINUTE_MS
    let day = shanghaiDayOf(now)
    if (shanghaiDayStart(day).getTime() + offset > now.getTime()) day = addDays(day, -1)
    for (let i = count - 1; i >= 0; i--) {
      const slotDay = addDays(day, -i)
      slots.push({ slot: slotDay, day: slotDay, dueAt: new Date(shanghaiDayStart(slotDay).getTime() + offset) })
    }
    return slots
  }
  const every = schedule.everyMinutes * MINUTE_MS
  if (!Number.isInteger(schedule.everyMinutes) || schedule.everyMinutes < 1)
    throw new Error('everyMinutes: a whole number >= 1')
  const latest = Math.floor(now.getTime() / every) * every
  for (let i = count - 1; i >= 0; i--) {
    const dueAt = new Date(latest - i * every)
    slots.push({ slot: dueAt.toISOString(), day: shanghaiDayOf(dueAt), dueAt })
  }
  return slots
}

export type SchedulerDeps = { db: Database; clock: Clock; logger: Pick<Logger, 'info' | 'warn'> }

export class Scheduler {
  private running: Promise<void> | null = null
  private timer: ReturnType<typeof setInterval> | null = null
  private stopping = false

  constructor(
    private readonly deps: SchedulerDeps,
    private readonly jobs: readonly ScheduledJob[],
  ) {
    const names = new Set(jobs.map((job) => job.name))
    if (names.size !== jobs.length) throw new Error('two scheduled jobs share a name')
  }

  /**
   * Runs every slot due now and not yet done, job by job, oldest slot first. A tick already under way
   * is waited for, not doubled. Answers when it is done.
   */
  tick(): Promise<void> {
    if (this.stopping) return Promise.resolve()
    this.running ??= this.runDue().finally(() => {
      this.running = null
    })
    return this.running
  }

  /** Ticks now and every 30 s (a timer that does not hold the process open). */
  start(): void {
    if (this.timer) return
    void this.tick()
    this.timer = setInterval(() => void this.tick(), TICK_MS)
    this.timer.unref()
  }

  /** Starts no more runs and waits for the one under way (it sees `stopped()` and may end early). */
  async stop(): Promise<void> {
    this.stopping = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.running
  }

  private async runDue(): Promise<void> {
    for (const job of this.jobs) {
      if (this.stopping) return
      try {
        await this.runJob(job)
      } catch (error) {
        // The runs table itself could not be read or written: the next tick tries again.
        this.deps.logger.warn({ err: error, job: job.name }, 'scheduled job could not be started')
      }
    }
  }

  private async runJob(job: ScheduledJob): Promise<void> {
    const { db, clock } = this.deps
    const now = clock()
    const [first] = await db
      .select({ slot: sql<string | null>`min(${scheduledJobRuns.slot})` })
      .from(scheduledJobRuns)
      .where(eq(scheduledJobRuns.job, job.name))
    const since = first?.slot ?? null
    // A job never run before starts with its latest slot, not with the days before it was deployed;
    // after that, the slots missed since are caught up (keys of one schedule sort in time order).
    const slots = dueSlots(job.schedule, now, since === null ? 1 : (job.catchUp ?? DEFAULT_CATCH_UP)).filter(
      (slot) => since === null || slot.slot >= since,
    )
    for (const slot of slots) {
      if (this.stopping) return
      if (!(await this.claim(job, slot.slot, now))) continue
      await this.runSlot(job, slot)
    }
  }

  /**
   * Takes the slot for this instance: a new row, or a failed run's row with tries left, or a run whose
   * instance died (unfinished past the lease). One statement each, so two instances never both win.
   */
  private async claim(job: ScheduledJob, slot: string, now: Date): Promise<boolean> {
    const { db } = this.deps
    const inserted = await db
      .insert(scheduledJobRuns)
      .values({ job: job.name, slot, startedAt: now })
      .onConflictDoNothing()
      .returning({ slot: scheduledJobRuns.slot })
    if (inserted.length > 0) return true
    const leaseEnd = new Date(now.getTime() - (job.leaseMs ?? DEFAULT_LEASE_MS))
    const retaken = await db
      .update(scheduledJobRuns)
      .set({ startedAt: now, finishedAt: null, outcome: null, attempts: sql`${scheduledJobRuns.attempts} + 1` })
      .where(
        and(
          eq(scheduledJobRuns.job, job.name),
          eq(scheduledJobRuns.slot, slot),
          lt(scheduledJobRuns.attempts, job.attempts ?? DEFAULT_ATTEMPTS),
          or(
            eq(scheduledJobRuns.outcome, 'failed'),
            and(isNull(scheduledJobRuns.outcome), lt(scheduledJobRuns.startedAt, leaseEnd)),
          ),
        ),
      )
      .returning({ slot: scheduledJobRuns.slot })
    return retaken.length > 0
  }

  private async runSlot(job: ScheduledJob, slot: Slot): Promise<void> {
    const { db, clock, logger } = this.deps
    const started = Date.now()
    let outcome: 'ok' | 'failed' = 'ok'
    let error: string | null = null
    try {
      await job.run({ ...slot, now: clock(), db, logger, stopped: () => this.stopping })
    } catch (caught) {
      outcome = 'failed'
      error = (caught instanceof Error ? caught.message : String(caught)).slice(0, ERROR_CHARS)
      logger.warn(
        { err: caught, job: job.name, slot: slot.slot },
        'scheduled job failed; trying again on the next tick',
      )
    }
    await db
      .update(scheduledJobRuns)
      .set({ finishedAt: clock(), outcome, error })
      .where(and(eq(scheduledJobRuns.job, job.name), eq(scheduledJobRuns.slot, slot.slot)))
    if (outcome === 'ok') logger.info({ job: job.name, slot: slot.slot, ms: Date.now() - started }, 'scheduled job ran')
  }
}
