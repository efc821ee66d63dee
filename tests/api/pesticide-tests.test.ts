import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import type { FollowUp, PesticideTest } from '../../contract/pesticide-tests'
import { auditLog, pesticideTestFollowUps } from '../../server/db/schema'
import { Scheduler } from '../../server/lib/scheduled-jobs'
import { followUpTodoJob } from '../../server/pesticide-tests/follow-up-todos'
import { parseCsv } from '../helpers/csv'
import { deviceCall, pesticideTest, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * The pesticide-test history (issue 25 §3): both roles' scope, a failed test's follow-up (who may
 * record it, once, under 40 requests at once), the export, and the to-do an unhandled failure becomes
 * after a day, sent by the hourly job on the injected clock (2026-11-01 10:00 Shanghai at the start).
 */
type Operator = Awaited<ReturnType<typeof withOperator>>
type List = { list: PesticideTest[]; total: number }
const logger = pino({ level: 'silent' })

let t: TestApp
let official: string
let a: Operator
let b: Operator
/** A's tests by their event ids; B's one failure. */
const ids: Record<string, string> = {}

const at = (day: string, time: string) => `2026-${day}T${time}+08:00`

async function send(device: { code: string; secret: string }, events: unknown[]) {
  const answer = await deviceCall(t, device, '/events', { events })
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body))
}

const list = async (query: string, token: string) =>
  (await t.call<List>(`/api/pesticide-tests?${query}`, { method: 'GET', token })).body

const followUp = (id: string, token: string, body: unknown = { actions: ['withdrawn', 'warned'], note: 'Off sale' }) =>
  t.call<FollowUp>(`/api/pesticide-tests/${id}/follow-up`, { token, body, locale: 'en-US' })

const todos = async (token: string, locale: 'en-US' | 'zh-CN' = 'en-US') => {
  const answer = await typedApi(t.call)('/messages', '$get', { query: { type: 'todo' } }, { token, locale })
  return answer.body.data.list.filter((message) => message.messageType === 'pesticide_follow_up')
}

beforeAll(async () => {
  t = await createTestApp()
  official = (await withOfficial(t)).token
  a = await withOperator(t, { token: official }, 601)
  b = await withOperator(t, { token: official }, 602)
  await withMerchant(t, a.token, 1)
  await withMerchant(t, b.token, 2)
  const testerA = await withDevice(t, a.token, { kind: 'pesticide_tester', stallNo: 'LAB' })
  const testerB = await withDevice(t, b.token, { kind: 'pesticide_tester', stallNo: 'LAB' })
  await send(testerA, [
    // Due: failed over a day ago.
    pesticideTest('due', at('10-30', '09:00:00'), 'fail', 72, 'A-1'),
    // Failed this morning: not a to-do yet.
    pesticideTest('young', at('11-01', '08:00:00'), 'fail', 65, 'A-1'),
    // Failed long enough ago, but followed up before the job runs.
    pesticideTest('handled', at('10-29', '09:00:00'), 'fail', 80, 'A-1'),
    pesticideTest('passed', at('10-31', '09:00:00'), 'pass', 10, 'A-1'),
    // A produce name a spreadsheet would run as a formula: the export neutralises it.
    { ...pesticideTest('formula', at('10-31', '10:00:00'), 'pass', 11, 'A-1'), produce: '=HYPERLINK("x")' },
  ])
  await send(testerB, [pesticideTest('theirs', at('10-30', '09:00:00'), 'fail', 90, 'A-2')])
  for (const row of (await list('pageSize=100', official)).data.list) ids[row.eventId] = row.id
})
afterAll(async () => {
  await t.close()
})

describe('GET /api/pesticide-tests: both roles', () => {
  it("shows an operator its own market's tests of the last 7 days, newest first, whatever market it names", async () => {
    for (const query of ['', `market=${b.marketId}`]) {
      const answer = await list(query, a.token)
      expect(answer.code).toBe(20000)
      expect(answer.data.total).toBe(5)
      expect(answer.data.list.every((row) => row.market.id === a.marketId)).toBe(true)
      const times = answer.data.list.map((row) => row.at)
      expect(times).toEqual([...times].sort().reverse())
    }
    expect((await list('', b.token)).data.list.map((row) => row.eventId)).toEqual(['theirs'])
  })

  it("shows OFFICIAL every market's, or the switcher's market", async () => {
    expect((await list('', official)).data.total).toBe(6)
    const theirs = await list(`market=${b.marketId}`, official)
    expect(theirs.data.list.map((row) => row.eventId)).toEqual(['theirs'])
    expect(theirs.data.list[0]).toMatchObject({
      market: { id: b.marketId },
      merchant: { name: expect.any(String) },
      stallNo: 'A-2',
      result: 'fail',
      inhibitionPct: 90,
      followUp: null,
    })
  })

  it('filters by result, produce, stall, merchant and device', async () => {
    expect((await list('result=fail', a.token)).data.total).toBe(3)
    expect((await list('q=HYPERLINK', a.token)).data.list.map((row) => row.eventId)).toEqual(['formula'])
    expect((await list('stall=A-1', a.token)).data.total).toBe(5)
    expect((await list('stall=A-9', a.token)).data.total).toBe(0)
    const row = (await list('', a.token)).data.list[0]!
    expect((await list(`merchant=${row.merchant!.id}`, a.token)).data.total).toBe(5)
    expect((await list(`device=${row.device.id}`, a.token)).data.total).toBe(5)
    expect((await list(`device=${row.device.id}`, b.token)).data.total).toBe(0)
  })

  it('reads the days asked for; more than 31 is refused plainly, in the caller’s language', async () => {
    expect((await list('from=2026-10-31&to=2026-10-31', a.token)).data.total).toBe(2)
    expect((await list('to=2026-10-29', a.token)).data.total).toBe(1)
    for (const query of ['from=2026-09-01&to=2026-11-01', 'from=2026-09-01']) {
      const refused = await t.call(`/api/pesticide-tests?${query}`, { method: 'GET', token: a.token, locale: 'en-US' })
      expect(refused.body.code).toBe(40000)
      expect(JSON.stringify(refused.body)).toContain('at most 31 days')
    }
    expect((await list('from=2026-11-01&to=2026-10-01', a.token)).code).toBe(40000)
  })
})

describe('POST /api/pesticide-tests/:id/follow-up', () => {
  it('is refused to OFFICIAL (the market records it), and is not found for another market or a made-up id', async () => {
    expect((await followUp(ids.handled!, official)).body.code).toBe(40300)
    for (const id of [ids.handled!, '00000000-0000-4000-8000-000000000000', 'abc', '%00'])
      expect((await followUp(id, b.token)).body.code, id).toBe(40400)
    expect((await followUp(ids.theirs!, a.token)).body.code).toBe(40400)
  })

  it('refuses a test that passed, with a translated 409', async () => {
    const answer = await followUp(ids.passed!, a.token)
    expect(answer.status).toBe(409)
    expect(answer.body.msg).toBe('Only a failed test takes a follow-up')
  })

  it.each([
    ['no action', { actions: [] }],
    ['an unknown action', { actions: ['burned'] }],
    ['an action twice', { actions: ['warned', 'warned'] }],
    ['a note too long', { actions: ['warned'], note: 'x'.repeat(501) }],
    ['no body', null],
  ])('refuses %s with 40000', async (_, body) => {
    expect((await followUp(ids.handled!, a.token, body)).body.code).toBe(40000)
  })

  it('records one of 40 identical requests at once; the others are told plainly, in their language', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => followUp(ids.handled!, a.token)))
    const codes = answers.map((answer) => answer.body.code)
    expect(codes.filter((code) => code === 20000)).toHaveLength(1)
    expect(codes.filter((code) => code === 40900)).toHaveLength(39)
    const refused = answers.find((answer) => answer.body.code === 40900)!
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toBe("This test's follow-up has been recorded already")
    const rows = await t.db.select().from(pesticideTestFollowUps).where(eq(pesticideTestFollowUps.testId, ids.handled!))
    expect(rows).toHaveLength(1)
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, ids.handled!), eq(auditLog.area, 'pesticide_test')))
    expect(audited).toHaveLength(1)
    expect(audited[0]).toMatchObject({ action: 'follow_up', marketId: a.marketId })
  })

  it('shows on the list row: what was done, the note, who and when (the server’s clock)', async () => {
    const row = (await list('result=fail', official)).data.list.find((test) => test.id === ids.handled)!
    expect(row.followUp).toEqual({
      actions: ['withdrawn', 'warned'],
      note: 'Off sale',
      by: { uk: expect.any(String), username: a.username },
      at: t.time.clock().toISOString(),
    })
    expect((await list('', a.token)).data.list.find((test) => test.id === ids.due)?.followUp).toBeNull()
  })
})

describe('GET /api/pesticide-tests/export', () => {
  it('streams the filtered tests as CSV with a BOM, words translated, formulas neutralised', async () => {
    const response = await t.request('/api/pesticide-tests/export?sort=failures', {
      method: 'GET',
      token: a.token,
      locale: 'en-US',
    })
    expect(response.headers.get('content-type')).toContain('text/csv')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parseCsv(new TextDecoder().decode(bytes))
    expect(rows[0]).toEqual([
      'Tested',
      'Market',
      'Stall',
      'Merchant',
      'Produce',
      'Inhibition rate (%)',
      'Result',
      'Tester',
      'Follow-up',
      'Follow-up note',
      'Recorded by',
      'Recorded at',
    ])
    const body = rows.slice(1).filter((row) => row.length > 1)
    expect(body).toHaveLength(5)
    expect(body.slice(0, 3).every((row) => row[6] === 'Fail')).toBe(true)
    const handled = body.find((row) => row[0] === '2026-10-29 09:00:00')!
    expect(handled.slice(5, 11)).toEqual([
      '80.0',
      'Fail',
      handled[7],
      'Produce withdrawn; Merchant warned',
      'Off sale',
      a.username,
    ])
    expect(body.some((row) => row[4] === `'=HYPERLINK("x")`)).toBe(true)
  })

  it('holds an operator to its market and refuses a range too long before the file starts', async () => {
    const theirs = await t.request(`/api/pesticide-tests/export?market=${a.marketId}`, {
      method: 'GET',
      token: b.token,
    })
    const rows = parseCsv(await theirs.text())
      .slice(1)
      .filter((row) => row.length > 1)
    // Only B's own test, whatever market B named.
    expect(rows.map((row) => row[2])).toEqual(['A-2'])
    const refused = await t.call('/api/pesticide-tests/export?from=2026-01-01', { method: 'GET', token: a.token })
    expect(refused.body.code).toBe(40000)
  })
})

describe('the follow-up to-do job', () => {
  const scheduler = () => new Scheduler({ db: t.db, clock: t.time.clock, logger }, [followUpTodoJob])

  it('sends each unhandled failure older than a day to its operators once; not for handled or younger ones', async () => {
    // Two instances' schedulers, each ticking twice: the slot and the failures are claimed once.
    await Promise.all([scheduler().tick(), scheduler().tick()])
    await scheduler().tick()
    const mine = await todos(a.token)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ status: 0, title: 'Record the follow-up of a failed test' })
    expect(mine[0]!.content).toContain('2026-10-30 09:00:00')
    const zh = await todos(a.token, 'zh-CN')
    expect(zh[0]!.title).toBe('请登记不合格检测的处置')
    const theirs = await todos(b.token)
    expect(theirs).toHaveLength(1)
    expect(theirs[0]!.content).toContain('stall A-2')
    expect(await todos(official)).toEqual([])
  })

  it('catches up after missed runs: a failure that came due meanwhile is sent at the next run', async () => {
    // The server was down two days: the morning's failure came due while no run happened.
    t.time.advance(2 * 86_400_000)
    // Sessions lapsed meanwhile: the operators sign in again.
    a = { ...a, token: await t.tokenFor(a.username, 'Market123') }
    b = { ...b, token: await t.tokenFor(b.username, 'Market123') }
    await scheduler().tick()
    const mine = await todos(a.token)
    expect(mine).toHaveLength(2)
    expect(mine.some((todo) => todo.content.includes('2026-11-01 08:00:00'))).toBe(true)
    await scheduler().tick()
    expect(await todos(a.token)).toHaveLength(2)
  })

  it('marks the to-do read once the follow-up is recorded', async () => {
    expect((await followUp(ids.due!, a.token, { actions: ['destroyed'] })).body.code).toBe(20000)
    const mine = await todos(a.token)
    expect(mine.find((todo) => todo.content.includes('2026-10-30 09:00:00'))?.status).toBe(1)
    expect(mine.find((todo) => todo.content.includes('2026-11-01 08:00:00'))?.status).toBe(0)
    // B's to-do is B's: A's follow-up leaves it alone.
    expect((await todos(b.token))[0]!.status).toBe(0)
  })
})
