import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { ALL_MARKETS, marketDayStats, merchantDayStats, messages, methodDayStats } from '../../server/db/schema'
import { Scheduler } from '../../server/lib/scheduled-jobs'
import { checkRollups, findDifferences, rollupCheckJob } from '../../server/statements/nightly-check'
import { deviceCall, payment, refund, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * The nightly check (issue 25 §2) on the kit's scheduler, driven by the test clock (2026-11-01 10:00
 * Shanghai: the slot of 2026-11-01 has fallen due and checks 2026-10-31). A rollup row corrupted by
 * hand is found, and every OFFICIAL gets one notice naming the market, the figure and both values.
 */
const logger = pino({ level: 'silent' })
let t: TestApp
let officials: { token: string }[]
let operator: Awaited<ReturnType<typeof withOperator>>
let merchantId: string

const yesterday = (time: string) => `2026-10-31T${time}+08:00`

beforeAll(async () => {
  t = await createTestApp()
  officials = [await withOfficial(t), await withOfficial(t)]
  operator = await withOperator(t, officials[0]!, 7)
  merchantId = await withMerchant(t, operator.token, 1)
  const terminal = await withDevice(t, operator.token, { kind: 'payment_terminal', merchantId })
  const answer = await deviceCall(t, terminal, '/events', {
    events: [
      payment('a', 1200, yesterday('10:00:00')),
      payment('b', 800, yesterday('23:59:00'), 'alipay'),
      refund('r', 'a', 200, yesterday('12:00:00')),
    ],
  })
  if (answer.body.code !== 20000) throw new Error(answer.body.msg)
})
afterAll(async () => {
  await t.close()
})

const notices = async (token: string, locale: 'en-US' | 'zh-CN') => {
  const answer = await typedApi(t.call)('/messages', '$get', { query: { type: 'notice' } }, { token, locale })
  return answer.body.data.list.filter((message) => message.messageType === 'rollup_mismatch')
}

describe('the nightly rollup check', () => {
  it('finds nothing when the rollups are what the rows add up to', async () => {
    expect(await findDifferences(t.db, '2026-10-31')).toEqual([])
    expect(await findDifferences(t.db, '2026-11-01')).toEqual([])
  })

  it('finds a corrupted rollup and tells every OFFICIAL once, in the reader’s language', async () => {
    await t.db
      .update(marketDayStats)
      .set({ paymentFen: sql`${marketDayStats.paymentFen} + 500` })
      .where(and(eq(marketDayStats.marketId, operator.marketId), eq(marketDayStats.day, '2026-10-31')))
    await t.db
      .update(merchantDayStats)
      .set({ refunds: 3 })
      .where(and(eq(merchantDayStats.merchantId, merchantId), eq(merchantDayStats.day, '2026-10-31')))
    // The platform's row (all markets) too: checked against every market's rows summed.
    await t.db
      .update(methodDayStats)
      .set({ payments: sql`${methodDayStats.payments} + 1` })
      .where(
        and(
          eq(methodDayStats.marketId, ALL_MARKETS),
          eq(methodDayStats.day, '2026-10-31'),
          eq(methodDayStats.method, 'alipay'),
        ),
      )
    // A method's refunds (kept since migration 0024): the refund keeps its payment's method.
    await t.db
      .update(methodDayStats)
      .set({ refunds: 4 })
      .where(
        and(
          eq(methodDayStats.marketId, operator.marketId),
          eq(methodDayStats.day, '2026-10-31'),
          eq(methodDayStats.method, 'wechat'),
        ),
      )
    const scheduler = new Scheduler({ db: t.db, clock: t.time.clock, logger }, [rollupCheckJob])
    await scheduler.tick()
    await scheduler.tick()
    for (const official of officials) {
      const [en, ...more] = await notices(official.token, 'en-US')
      expect(more).toEqual([])
      expect(en?.title).toBe('Figures kept for a day differ from the records')
      expect(en?.content).toContain('2026-10-31')
      expect(en?.content).toContain('Payment amount (yuan): kept 25.00, recomputed 20.00')
      expect(en?.content).toMatch(/merchant 测试商户 1, Refunds: kept 3, recomputed 1/)
      expect(en?.content).toContain('All markets, method Alipay, Payments: kept 2, recomputed 1')
      expect(en?.content).toMatch(/method WeChat Pay, Refunds: kept 4, recomputed 1/)
      const [zh] = await notices(official.token, 'zh-CN')
      expect(zh?.title).toBe('日统计与明细不一致')
      expect(zh?.content).toContain('收款金额（元）：统计值 25.00，重算值 20.00')
    }
    const [en] = await notices(officials[0]!.token, 'en-US')
    expect(en?.subTitle).toMatch(/^2026-10-31 · /)
  })

  it('sends no second notice when the day is checked again', async () => {
    const count = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(messages)
          .where(eq(messages.messageType, 'rollup_mismatch'))
      )[0]?.n
    const before = await count()
    expect(before).toBe(officials.length)
    expect(await checkRollups({ db: t.db, day: '2026-11-01', stopped: () => false, logger })).toBeGreaterThan(0)
    expect(await count()).toBe(before)
  })
})
