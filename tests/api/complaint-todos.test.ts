import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OVERDUE_TODO, overdueComplaintTodoJob } from '../../server/complaints/overdue-todos'
import { recordTodos } from '../../server/db/schema'
import { Scheduler } from '../../server/lib/scheduled-jobs'
import { sendRecordTodos } from '../../server/messages/public'
import { complaintInput, registeredComplaint, type ComplaintInput } from '../helpers/complaints'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { merchantInput } from '../helpers/merchant-input'
import { upgradedFrom } from '../helpers/migrations'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * The overdue complaint's to-do (issue 26 §2) on the kit's record to-dos (server/messages/
 * record-todos.ts): sent once to the market's operators whatever runs the job at once, caught up
 * after missed runs, never for a complaint settled or not yet due, closed when the complaint is; and
 * migration 0017 keeps the pesticide to-dos already sent.
 */
type Operator = Awaited<ReturnType<typeof withOperator>>

const DAY = 86_400_000
const logger = pino({ level: 'silent' })
let t: TestApp
let official: string
let officialName: string
let a: Operator
let b: Operator
const ids: Record<string, string> = {}

const api = () => typedApi(t.call)
const input = complaintInput
const registered = async (json: ComplaintInput, token: string) => (await registeredComplaint(t, json, token)).id
async function merchantOf(token: string, stallNo: string) {
  const answer = await api()('/merchants', '$post', { json: merchantInput(1, { stallNo }) }, { token })
  return answer.body.data.id
}
const todos = async (token: string, locale: 'en-US' | 'zh-CN' = 'en-US') => {
  const answer = await typedApi(t.call)('/messages', '$get', { query: { type: 'todo' } }, { token, locale })
  return answer.body.data.list.filter((todo) => todo.title.includes('overdue') || todo.title.includes('超期'))
}
/** Moves the clock on and signs everyone in again (a session does not outlive days of it). */
async function advance(ms: number) {
  t.time.advance(ms)
  a = { ...a, token: await t.tokenFor(a.username, 'Market123') }
  b = { ...b, token: await t.tokenFor(b.username, 'Market123') }
  official = await t.tokenFor(officialName, 'Official123')
}
const scheduler = () => new Scheduler({ db: t.db, clock: t.time.clock, logger }, [overdueComplaintTodoJob])

beforeAll(async () => {
  t = await createTestApp()
  const signedIn = await withOfficial(t)
  official = signedIn.token
  officialName = signedIn.username
  a = await withOperator(t, { token: official }, 1)
  b = await withOperator(t, { token: official }, 2)
  const merchantA = await merchantOf(a.token, 'A-12')
  const merchantB = await merchantOf(b.token, 'B-3')
  ids.open = await registered(input(merchantA), a.token)
  ids.handling = await registered(input(merchantA, { category: 'price' }), a.token)
  await api()(
    '/complaints/:id/take-up',
    '$post',
    { param: { id: ids.handling }, json: { note: '' } },
    { token: a.token },
  )
  ids.withdrawn = await registered(input(merchantA), a.token)
  await api()(
    '/complaints/:id/withdraw',
    '$post',
    { param: { id: ids.withdrawn }, json: { note: '顾客已和商户协商好' } },
    { token: a.token },
  )
  ids.theirs = await registered(input(merchantB, { category: 'hygiene' }), b.token)
})
afterAll(async () => {
  await t.close()
})

describe('the overdue complaint to-do', () => {
  it('is not sent before the deadline', async () => {
    await advance(6 * DAY)
    await scheduler().tick()
    expect(await todos(a.token)).toEqual([])
  })

  it('is sent once per open overdue complaint to its own operators, however many runs go at once', async () => {
    // The scheduler's runs of a slot are claimed once; the claims of records hold even without it.
    await advance(2 * DAY)
    const ctx = { db: t.db, now: t.time.clock(), stopped: () => false }
    const sent = await Promise.all([
      scheduler().tick(),
      scheduler().tick(),
      ...Array.from({ length: 5 }, () => sendRecordTodos(ctx, OVERDUE_TODO)),
    ])
    expect(sent.filter((n): n is number => typeof n === 'number').reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(3)
    await scheduler().tick()
    const mine = await todos(a.token)
    // The open and the handling complaint: the withdrawn one is settled.
    expect(mine).toHaveLength(2)
    expect(mine[0]).toMatchObject({ status: 0, title: 'Handle an overdue complaint' })
    expect(mine.map((todo) => todo.content).join()).toContain('stall A-12')
    expect((await todos(a.token, 'zh-CN'))[0]!.title).toBe('请处理超期投诉')
    const theirs = await todos(b.token)
    expect(theirs).toHaveLength(1)
    expect(theirs[0]!.content).toContain('stall B-3')
    expect(await todos(official)).toEqual([])
  })

  it('is caught up after missed runs, and not sent again', async () => {
    const merchant = await merchantOf(a.token, 'A-20')
    ids.late = await registered(input(merchant), a.token)
    // The server was down past this one's deadline too.
    await advance(9 * DAY)
    await scheduler().tick()
    expect(await todos(a.token)).toHaveLength(3)
    await advance(DAY)
    await scheduler().tick()
    expect(await todos(a.token)).toHaveLength(3)
  })

  it('is done once the complaint is resolved, and only that one', async () => {
    const answer = await api()(
      '/complaints/:id/resolve',
      '$post',
      { param: { id: ids.handling! }, json: { outcome: 'upheld', remedies: ['refund'], note: '已退款' } },
      { token: a.token },
    )
    expect(answer.body.code).toBe(20000)
    const mine = await todos(a.token)
    expect(mine.filter((todo) => todo.status === 1)).toHaveLength(1)
    expect(mine.filter((todo) => todo.status === 0)).toHaveLength(2)
    expect((await todos(b.token))[0]!.status).toBe(0)
  })
})

describe('migration 0017 (record_todos)', () => {
  it('keeps the pesticide follow-up to-dos already sent', async () => {
    const market = '11111111-1111-4111-8111-111111111111'
    const test = '22222222-2222-4222-8222-222222222222'
    const upgraded = await upgradedFrom('_record_todos', async (old) => {
      await old.db.execute(sql`insert into markets (id, name) values (${market}, '东门市场')`)
      await old.db.execute(
        sql`insert into pesticide_tests (id, market_id, device_id, event_id, stall_no, produce, inhibition_pct, result, tested_at)
            values (${test}, ${market}, gen_random_uuid(), 'e-1', 'A-1', '青菜', 62, 'fail', now())`,
      )
      await old.db.execute(
        sql`insert into pesticide_test_todos (market_id, test_id, sent_at) values (${market}, ${test}, now())`,
      )
    })
    const rows = await upgraded.db
      .select({ type: recordTodos.type, marketId: recordTodos.marketId, recordKey: recordTodos.recordKey })
      .from(recordTodos)
    expect(rows).toEqual([{ type: 'pesticide_follow_up', marketId: market, recordKey: test }])
    await upgraded.close()
  })
})
