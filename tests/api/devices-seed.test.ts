import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, shanghaiToday } from '../../contract/time'
import { rowsOf } from '../../server/db/client'
import { ALL_MARKETS, devices, merchants } from '../../server/db/schema'
import { seedDemo } from '../../server/demo/seed/demo'
import { DEMO_DEVICE_CODE, demoDeviceSecret } from '../../server/demo/seed/demo-device-secrets'
import { hashSecret } from '../../server/lib/tokens'
import { deviceCall } from '../helpers/devices'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { ROLLUP_FIGURES } from '../../server/statements/nightly-check'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.db)
  // 30 days of trading through ingest: allow a loaded machine its time.
}, 180_000)
afterAll(async () => {
  await t.close()
})

const query = async <T>(text: string) => rowsOf<T>(await t.db.execute(sql.raw(text)))

/** Shanghai day and minute of a timestamptz column, as ingest keys its rollups. */
const day = (column: string) => `((${column} + interval '8 hours') at time zone 'UTC')::date`
const minute = (column: string) => `date_trunc('minute', ${column})`

/** Every payment and refund as what it adds to a rollup row, keyed by market, minute and day. */
const moneyRows = (extra = '') => `
  select ${extra}market_id, ${minute('occurred_at')} as minute, ${day('occurred_at')} as day,
    (type = 'payment')::int as payments, case when type = 'payment' then amount_fen else 0 end as payment_fen,
    (type = 'refund')::int as refunds, case when type = 'refund' then amount_fen else 0 end as refund_fen,
    0 as passengers_in, 0 as passengers_out, 0 as tests, 0 as tests_failed
  from transactions`
/** Every stored event as what it adds to a rollup row. */
const CONTRIBUTIONS = `${moneyRows()}
  union all
  select market_id, ${minute('period_start')}, ${day('period_start')}, 0, 0, 0, 0, count_in, count_out, 0, 0
  from passenger_counts
  union all
  select market_id, ${minute('tested_at')}, ${day('tested_at')}, 0, 0, 0, 0, 0, 0, 1, (result = 'fail')::int
  from pesticide_tests`
const FIGURES = [...ROLLUP_FIGURES]
const sums = (names: string[]) => names.map((name) => `sum(${name})::bigint as ${name}`).join(', ')
const columns = (names: string[]) => names.map((name) => `${name}::bigint as ${name}`).join(', ')

/** Rows in one set and not the other, both ways: none when the rollup equals the sums of the rows. */
async function differences(expected: string, stored: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    `select count(*)::int as n from (((${expected}) except all (${stored})) union all ((${stored}) except all (${expected}))) as diff`,
  )
  return row?.n ?? -1
}

describe('demo devices', () => {
  it('give every active demo merchant a terminal, most a scale, and each market its gates and test room', async () => {
    const active = await t.db
      .select({ id: merchants.id, stallNo: merchants.stallNo, marketId: merchants.marketId })
      .from(merchants)
      .where(eq(merchants.status, 'active'))
    expect(active.length).toBeGreaterThan(150)
    const bound = await t.db.select().from(devices).where(isNull(devices.unboundAt))
    const of = (kind: string, merchantId: string) =>
      bound.filter((device) => device.kind === kind && device.merchantId === merchantId)
    for (const merchant of active) {
      const terminals = of('payment_terminal', merchant.id)
      expect(terminals, merchant.stallNo).toHaveLength(1)
      expect(terminals[0]?.stallNo).toBe(merchant.stallNo)
      expect(of('scale', merchant.id).length).toBeLessThanOrEqual(1)
    }
    const scales = bound.filter((device) => device.kind === 'scale').length
    expect(scales / active.length).toBeGreaterThan(0.7)
    expect(scales / active.length).toBeLessThan(0.9)
    for (const marketId of new Set(active.map((merchant) => merchant.marketId))) {
      const here = bound.filter((device) => device.marketId === marketId)
      const gates = here.filter((device) => device.kind === 'passenger_counter').map((device) => device.stallNo)
      expect(gates.length).toBeGreaterThanOrEqual(2)
      expect(gates.length).toBeLessThanOrEqual(4)
      expect(gates.every((gate) => ['东门', '西门', '南门', '北门'].includes(gate))).toBe(true)
      expect(here.filter((device) => device.kind === 'pesticide_tester').map((device) => device.stallNo)).toEqual([
        '检测室',
      ])
    }
  })

  it('have secrets derived from their codes, which the device API takes', async () => {
    const bound = await t.db.select().from(devices).where(isNull(devices.unboundAt))
    for (const device of bound) {
      expect(device.code).toMatch(DEMO_DEVICE_CODE)
      expect(device.secretHash, device.code).toBe(hashSecret(demoDeviceSecret(device.code)))
    }
    const first = bound[0] as (typeof bound)[number]
    const ok = await deviceCall(t, { code: first.code, secret: demoDeviceSecret(first.code) }, '/heartbeat', {})
    expect(ok.body.code).toBe(20000)
    const wrong = await deviceCall(
      t,
      { code: first.code, secret: demoDeviceSecret(`${first.code}X`) },
      '/heartbeat',
      {},
    )
    expect(wrong.status).toBe(401)
  })

  it('hold 30 days of trading up to now, shaped like a produce market', async () => {
    const today = shanghaiToday()
    const days = await query<{ day: string }>(
      `select distinct ${day('occurred_at')}::text as day from transactions order by 1`,
    )
    expect(days[0]?.day).toBe(addDays(today, -29))
    expect(days.length).toBeGreaterThanOrEqual(29)
    const [late] = await query<{ n: number }>(`select count(*)::int as n from transactions where occurred_at > now()`)
    expect(late?.n).toBe(0)
    const methods = await query<{ method: string; share: number }>(
      `select method, count(*)::float / sum(count(*)) over () as share from transactions where type = 'payment' group by method`,
    )
    const share = Object.fromEntries(methods.map((row) => [row.method, Number(row.share)]))
    expect(share.wechat).toBeGreaterThan(0.5)
    expect(share.wechat).toBeLessThan(0.6)
    expect(share.alipay).toBeGreaterThan(0.25)
    expect(share.alipay).toBeLessThan(0.35)
    expect(share.cash).toBeGreaterThan(0.05)
    expect(share.unionpay).toBeGreaterThan(0.02)
    expect(share.other).toBeGreaterThan(0)
    const [amounts] = await query<{ low: number; high: number; refunds: number; payments: number }>(
      `select min(amount_fen) filter (where type = 'payment')::int as low,
        max(amount_fen) filter (where type = 'payment')::int as high,
        count(*) filter (where type = 'refund')::int as refunds, count(*) filter (where type = 'payment')::int as payments
      from transactions`,
    )
    expect(amounts?.low).toBeGreaterThanOrEqual(300)
    expect(amounts?.high).toBeLessThanOrEqual(8_000)
    expect(amounts!.refunds).toBeGreaterThan(0)
    expect(amounts!.refunds / amounts!.payments).toBeLessThan(0.02)
    // Morning peak against the lull after lunch, in Shanghai hours.
    const byHour = await query<{ hour: number; n: number }>(
      `select extract(hour from occurred_at + interval '8 hours')::int as hour, count(*)::int as n
      from transactions group by 1`,
    )
    const at = (hour: number) => byHour.find((row) => row.hour === hour)?.n ?? 0
    expect(at(7)).toBeGreaterThan(3 * at(13))
    expect(at(18)).toBeGreaterThan(2 * at(13))
    const [overRefunded] = await query<{ n: number }>(
      `select count(*)::int as n from device_events where type = 'payment' and refunded_fen > amount_fen`,
    )
    expect(overRefunded?.n).toBe(0)
    const [tests] = await query<{ n: number; failed: number }>(
      `select count(*)::int as n, count(*) filter (where result = 'fail')::int as failed from pesticide_tests`,
    )
    expect(tests!.n).toBeGreaterThan(300)
    expect(tests!.failed / tests!.n).toBeLessThan(0.1)
  })

  // Issue 20: the month used to climb 25-50 fold (a quarter less each day back), which read as broken.
  it("read as a real market's month: level, busier at weekends, with day-to-day noise", async () => {
    const daily = await query<{ day: string; payments: number; weekend: boolean }>(
      `select day::text as day, payments::int as payments, extract(isodow from day) >= 6 as weekend
      from market_day_stats where market_id = '${ALL_MARKETS}' and day < '${shanghaiToday()}' order by day`,
    )
    const figures = daily.map((row) => row.payments)
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
    expect(figures).toHaveLength(29)
    expect(Math.max(...figures) / Math.min(...figures)).toBeLessThan(1.8)
    const firstWeekToLast = mean(figures.slice(0, 7)) / mean(figures.slice(-7))
    expect(firstWeekToLast).toBeGreaterThan(0.8)
    expect(firstWeekToLast).toBeLessThan(1.25)
    const weekends = daily.filter((row) => row.weekend).map((row) => row.payments)
    const weekdays = daily.filter((row) => !row.weekend).map((row) => row.payments)
    expect(mean(weekends)).toBeGreaterThan(mean(weekdays))
    // Not a ruler either: the weekdays differ by several percent (each day's mood is 0.85-1.15). Counting
    // distinct figures was not it: ~1,500 a day drawn 29 times repeat a few by chance now and then.
    const spread = Math.sqrt(mean(weekdays.map((n) => (n - mean(weekdays)) ** 2))) / mean(weekdays)
    expect(spread).toBeGreaterThan(0.03)
    // Every seeded payment is a ledger row, a transaction and rollups: the month stays small enough
    // for a first start on PGlite in seconds.
    expect(mean(figures) * 30).toBeLessThan(60_000)
  })

  it("name real devices and stalls in the demo market's notices", async () => {
    const notices = await query<{ kind: string; device: string | null; stall: string; market_id: string }>(
      `select m.message_type as kind, m.params->>'device' as device, m.params->>'stall' as stall, u.market_id
      from messages m join users u on u.uk = m.user_uk
      where m.message_type in ('device_offline', 'pesticide_failed') and u.market_id is not null`,
    )
    expect(notices.filter((notice) => notice.kind === 'device_offline')).toHaveLength(1)
    for (const notice of notices) {
      const named =
        notice.kind === 'device_offline'
          ? await t.db
              .select({ id: devices.id })
              .from(devices)
              .where(
                and(
                  eq(devices.code, notice.device ?? ''),
                  eq(devices.kind, 'scale'),
                  eq(devices.stallNo, notice.stall),
                  eq(devices.marketId, notice.market_id),
                ),
              )
          : await t.db
              .select({ id: merchants.id })
              .from(merchants)
              .where(and(eq(merchants.stallNo, notice.stall), eq(merchants.marketId, notice.market_id)))
      expect(named.length, `${notice.kind} ${notice.device ?? ''} ${notice.stall}`).toBeGreaterThan(0)
    }
  })

  it('keep every rollup equal to the sums of the rows, the platform rows to the sums of the markets', async () => {
    const contributions = `(${CONTRIBUTIONS}) as c`
    expect(
      await differences(
        `select market_id, minute, ${sums(FIGURES)} from ${contributions} group by 1, 2`,
        `select market_id, minute, ${columns(FIGURES)} from market_minute_stats where market_id <> '${ALL_MARKETS}'`,
      ),
    ).toBe(0)
    expect(
      await differences(
        `select market_id, day, ${sums(FIGURES)} from ${contributions} group by 1, 2`,
        `select market_id, day, ${columns(FIGURES)} from market_day_stats where market_id <> '${ALL_MARKETS}'`,
      ),
    ).toBe(0)
    const money = ['payments', 'payment_fen', 'refunds', 'refund_fen']
    expect(
      await differences(
        `select merchant_id, day, ${sums(money)} from (${moneyRows('merchant_id, ')}) as c group by 1, 2`,
        `select merchant_id, day, ${columns(money)} from merchant_day_stats`,
      ),
    ).toBe(0)
    expect(
      await differences(
        `select market_id, ${day('occurred_at')} as day, method,
          count(*) filter (where type = 'payment')::bigint as payments,
          coalesce(sum(amount_fen) filter (where type = 'payment'), 0)::bigint as payment_fen,
          count(*) filter (where type = 'refund')::bigint as refunds,
          coalesce(sum(amount_fen) filter (where type = 'refund'), 0)::bigint as refund_fen
        from transactions group by 1, 2, 3`,
        `select market_id, day, method, ${columns(money)} from method_day_stats where market_id <> '${ALL_MARKETS}'`,
      ),
    ).toBe(0)
    expect(
      await differences(
        `select day, method, ${sums(money)} from method_day_stats where market_id <> '${ALL_MARKETS}' group by 1, 2`,
        `select day, method, ${columns(money)} from method_day_stats where market_id = '${ALL_MARKETS}'`,
      ),
    ).toBe(0)
    for (const [table, key] of [
      ['market_minute_stats', 'minute'],
      ['market_day_stats', 'day'],
    ] as const) {
      expect(
        await differences(
          `select ${key}, ${sums(FIGURES)} from ${table} where market_id <> '${ALL_MARKETS}' group by 1`,
          `select ${key}, ${columns(FIGURES)} from ${table} where market_id = '${ALL_MARKETS}'`,
        ),
        table,
      ).toBe(0)
    }
  })

  it('are seeded once', async () => {
    const count = async () =>
      query<{ devices: number; events: number }>(
        `select (select count(*)::int from devices) as devices, (select count(*)::int from device_events) as events`,
      )
    const before = await count()
    await seedDemo(t.db)
    expect(await count()).toEqual(before)
    const stray = await t.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.kind, 'payment_terminal'), isNull(devices.merchantId)))
    expect(stray).toEqual([])
  })
})
