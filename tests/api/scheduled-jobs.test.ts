import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import pino from 'pino'
import { scheduledJobRuns } from '../../server/db/schema'
import { dueSlots, Scheduler, type JobContext, type ScheduledJob } from '../../server/lib/scheduled-jobs'
import { createTestApp, type TestApp } from '../helpers/test-app'

/**
 * The kit's scheduled jobs (issue 25): a slot runs once across instances sharing the database, missed
 * slots are caught up oldest first, a failure is recorded and tried again, stop() waits for a run.
 * Driven by the test app's clock (2026-11-01 10:00 Shanghai at the start).
 */
const HOUR = 3_600_000
const DAY = 24 * HOUR
const logger = pino({ level: 'silent' })

let first: TestApp
let second: TestApp
beforeAll(async () => {
  first = await createTestApp()
  second = await createTestApp({ sameDatabaseAs: first })
})
afterAll(async () => {
  await second.close()
  await first.close()
})

const schedulerOn = (t: TestApp, jobs: ScheduledJob[]) =>
  new Scheduler({ db: t.db, clock: first.time.clock, logger }, jobs)
const runsOf = (job: string) =>
  first.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.job, job)).orderBy(asc(scheduledJobRuns.slot))
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the slots a schedule has due', () => {
  it('names Shanghai days for a daily job, the day before until its time has come', () => {
    const at = (iso: string) => new Date(iso)
    expect(dueSlots({ daily: '00:20' }, at('2026-11-01T16:10:00Z'), 1).map((s) => s.slot)).toEqual(['2026-11-01'])
    expect(dueSlots({ daily: '00:20' }, at('2026-11-01T16:20:00Z'), 2).map((s) => s.slot)).toEqual([
      '2026-11-01',
      '2026-11-02',
    ])
    expect(dueSlots({ everyMinutes: 15 }, at('2026-11-01T16:29:59Z'), 2).map((s) => s.slot)).toEqual([
      '2026-11-01T16:00:00.000Z',
      '2026-11-01T16:15:00.000Z',
    ])
  })
})

describe('scheduled jobs', () => {
  it('runs a slot once when two instances tick together', async () => {
    const ran: string[] = []
    const job: ScheduledJob = {
      name: 'twice-ticked',
      schedule: { everyMinutes: 10 },
      run: async (ctx) => {
        ran.push(ctx.slot)
        await pause(20)
      },
    }
    const a = schedulerOn(first, [job])
    const b = schedulerOn(second, [job])
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()])
    expect(ran).toHaveLength(1)
    await Promise.all([a.tick(), b.tick()])
    expect(ran).toHaveLength(1)
    const [run] = await runsOf('twice-ticked')
    expect(run).toMatchObject({ outcome: 'ok', attempts: 1 })
  })

  it('catches up the days a stopped server missed, oldest first, up to its bound', async () => {
    const days: string[] = []
    const job: ScheduledJob = {
      name: 'nightly',
      schedule: { daily: '00:20' },
      catchUp: 3,
      run: async (ctx: JobContext) => {
        days.push(ctx.day)
      },
    }
    const scheduler = schedulerOn(first, [job])
    const start = first.time.clock().getTime()
    await scheduler.tick()
    // Never run before: today's slot only, not the days before the job existed.
    expect(days).toEqual([new Date(start + 8 * HOUR).toISOString().slice(0, 10)])
    first.time.advance(5 * DAY)
    await scheduler.tick()
    // Down for five days with a bound of three: the last three, oldest first.
    expect(days.slice(1)).toEqual(['2026-11-04', '2026-11-05', '2026-11-06'])
    await scheduler.tick()
    expect(days).toHaveLength(4)
    expect((await runsOf('nightly')).every((run) => run.outcome === 'ok')).toBe(true)
  })

  it('records a failing run and tries it again on the next tick', async () => {
    let calls = 0
    const job: ScheduledJob = {
      name: 'flaky',
      schedule: { daily: '03:00' },
      run: async () => {
        calls += 1
        if (calls === 1) throw new Error('the first try fails')
      },
    }
    const scheduler = schedulerOn(first, [job])
    await scheduler.tick()
    const [failed] = await runsOf('flaky')
    expect(failed).toMatchObject({ outcome: 'failed', attempts: 1, error: 'the first try fails' })
    expect(failed?.finishedAt).not.toBeNull()
    await scheduler.tick()
    const [retried] = await runsOf('flaky')
    expect(retried).toMatchObject({ outcome: 'ok', attempts: 2, error: null })
    await scheduler.tick()
    expect(calls).toBe(2)
  })

  it('gives up a slot after its attempts', async () => {
    let calls = 0
    const job: ScheduledJob = {
      name: 'broken',
      schedule: { everyMinutes: 60 },
      attempts: 2,
      run: async () => {
        calls += 1
        throw new Error('always')
      },
    }
    const scheduler = schedulerOn(first, [job])
    for (let i = 0; i < 4; i++) await scheduler.tick()
    expect(calls).toBe(2)
  })

  it('stop() waits for the run under way, which sees it is stopping', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let sawStopping = false
    let finished = false
    const job: ScheduledJob = {
      name: 'slow',
      schedule: { everyMinutes: 5 },
      run: async (ctx) => {
        await gate
        sawStopping = ctx.stopped()
        finished = true
      },
    }
    const scheduler = schedulerOn(first, [job])
    void scheduler.tick()
    await pause(50)
    let stopped = false
    const stopping = scheduler.stop().then(() => (stopped = true))
    await pause(50)
    expect(stopped).toBe(false)
    release()
    await stopping
    expect(finished).toBe(true)
    expect(sawStopping).toBe(true)
    const [run] = await runsOf('slow')
    expect(run?.outcome).toBe('ok')
  })
})
