import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { Role } from '../../contract/roles'
import { complaints, merchants, users } from '../../server/db/schema'
import { complaintCounts } from '../../server/complaints/queries'
import { DEMO_ACCOUNTS, seedDemo } from '../../server/demo/seed/demo'
import { createTestApp, type TestApp } from '../helpers/test-app'

/** The demo's complaints (issue 26 §2): each market a month of them, one of each fate, seeded once. */
let t: TestApp
let operator: { role: number; marketId: string | null }

beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.db)
  const [row] = await t.db
    .select({ role: users.role, marketId: users.marketId })
    .from(users)
    .where(and(eq(users.username, DEMO_ACCOUNTS.market.username), eq(users.role, Role.MARKET)))
  if (!row) throw new Error('no demo operator')
  operator = row
})
afterAll(async () => {
  await t.close()
})

const ofDemoMarket = () =>
  t.db
    .select({ state: complaints.state, outcome: complaints.outcome, merchantId: complaints.merchantId })
    .from(complaints)
    .where(eq(complaints.marketId, operator.marketId ?? ''))

describe('demo complaints', () => {
  it('give the demo market one of each fate, each against one of its merchants', async () => {
    const rows = await ofDemoMarket()
    const states = rows.map((row) => row.state).sort()
    expect(states).toEqual(['handling', 'handling', 'received', 'resolved', 'resolved', 'resolved', 'withdrawn'])
    expect(new Set(rows.map((row) => row.outcome).filter(Boolean))).toEqual(
      new Set(['upheld', 'partly_upheld', 'not_upheld']),
    )
    expect(rows.every((row) => row.merchantId !== null)).toBe(true)
  })

  it('always show an overdue one on the Workplace, by the real clock the seed ran on', async () => {
    const counts = await complaintCounts({ db: t.db, clock: () => new Date() }, operator, undefined)
    expect(counts).toEqual({ received: 1, handling: 2, overdue: 1 })
  })

  it('lower the credit of the merchants they were upheld against, as the ratings say', async () => {
    const [row] = await t.db
      .select({ stars: merchants.creditStars, reasons: merchants.creditReasons })
      .from(merchants)
      .innerJoin(complaints, eq(complaints.merchantId, merchants.id))
      .where(and(eq(complaints.marketId, operator.marketId ?? ''), eq(complaints.outcome, 'upheld')))
    expect(row?.stars).toBeLessThan(5)
    expect(row?.reasons.map((reason) => reason.reason)).toContain('complaint_upheld')
  })

  it('are seeded once', async () => {
    const before = (await ofDemoMarket()).length
    await seedDemo(t.db)
    expect((await ofDemoMarket()).length).toBe(before)
  })
})
