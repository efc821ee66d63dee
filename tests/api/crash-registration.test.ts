import { sql, type SQL } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../server/db/client'
import { marketWithDevices } from '../helpers/crash-world'
import { halfMade } from '../helpers/half-made'
import { marketInput } from '../helpers/market-input'
import { merchantInput } from '../helpers/merchant-input'
import { call, OFFICIAL, useServerDatabase, signIn } from '../helpers/server-process'

/**
 * Issue 21 §2: a server killed (SIGKILL) while many market, merchant and device registrations are in
 * flight. After the restart every registration that was answered is there, and nothing is half made:
 * no market without its account or account without its market, no merchant without its account or
 * account without its merchant, no registration without its audit entry or the reverse, no bound
 * device without its secret, and the merchant counts equal the merchants.
 */

/** Registrations answered before the kill (markets, merchants and devices together). */
const ANSWERED_BEFORE_KILL = 40
/** Callers registering at once, per kind: OFFICIAL registering markets, each operator merchants and devices. */
const MARKET_WORKERS = 3
const MERCHANT_WORKERS = 2

const run = useServerDatabase()

describe('SIGKILL during registrations', () => {
  it('leaves every answered registration in place and nothing half made', async () => {
    const first = await run.start()
    const official = await signIn(first, OFFICIAL.username, OFFICIAL.password)
    const operators = [
      await marketWithDevices(first, official, 1, { terminals: 0, counters: 0 }),
      await marketWithDevices(first, official, 2, { terminals: 0, counters: 0 }),
    ]

    const answered = { markets: [] as string[], merchants: [] as string[], devices: [] as string[] }
    let unanswered = 0
    let killed = false
    let serial = 100
    const accountOf = new Map<string, string>()
    const merchantsOf = new Map<string, string[]>(operators.map(({ marketId }) => [marketId, []]))
    /** Registers until the kill; `send` answers the new row's id, or null when refused. */
    const keepRegistering = async (kind: keyof typeof answered, send: (n: number) => Promise<string | null>) => {
      while (!killed) {
        const n = ++serial
        let id: string | null
        try {
          id = await send(n)
        } catch (error) {
          unanswered++
          if (killed) continue
          killed = true
          throw new Error(`the server stopped answering before it was killed:\n${first.output()}`, { cause: error })
        }
        if (id === null) {
          killed = true
          throw new Error(`${kind} ${n} was refused`)
        }
        answered[kind].push(id)
        const total = answered.markets.length + answered.merchants.length + answered.devices.length
        if (total >= ANSWERED_BEFORE_KILL && !killed) {
          killed = true
          void first.stop('SIGKILL')
        }
      }
    }
    const idOf = async (answer: Promise<{ body: { code: number; data: { id: string } } }>) => {
      const { body } = await answer
      return body.code === 20000 ? body.data.id : null
    }
    const workers = [
      ...Array.from({ length: MARKET_WORKERS }, () =>
        keepRegistering('markets', async (n) => {
          const id = await idOf(call(first, '/markets', { body: marketInput(n), token: official }))
          if (id) accountOf.set(id, marketInput(n).accountUsername)
          return id
        }),
      ),
      ...operators.flatMap(({ marketId, operatorToken }) => [
        ...Array.from({ length: MERCHANT_WORKERS }, () =>
          keepRegistering('merchants', async (n) => {
            const id = await idOf(call(first, '/merchants', { body: merchantInput(n), token: operatorToken }))
            if (id) merchantsOf.get(marketId)?.push(id)
            return id
          }),
        ),
        // Devices: a terminal at the market's latest merchant, or a counter at a gate.
        keepRegistering('devices', (n) => {
          const merchantId = merchantsOf.get(marketId)?.at(-1) ?? null
          const body = merchantId
            ? { code: `REG-${n}`, kind: 'payment_terminal', merchantId }
            : { code: `REG-${n}`, kind: 'passenger_counter', stallNo: `GATE-${n}` }
          return idOf(call(first, '/devices', { body, token: operatorToken }))
        }),
      ]),
    ]
    await Promise.all(workers)
    expect((await first.exited).signal).toBe('SIGKILL')
    expect(unanswered).toBeGreaterThan(0)

    // The restarted server serves the answered registrations: an operator registered before the kill signs in.
    const second = await run.start()
    const lastMarket = answered.markets.at(-1)
    if (lastMarket) await signIn(second, accountOf.get(lastMarket) as string, 'Market123')
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null })

    const handle = await run.database.open()
    try {
      const { db } = handle
      const ids = async (query: SQL) => new Set(rowsOf<{ id: string }>(await db.execute(query)).map((row) => row.id))
      const markets = await ids(sql`select id::text as id from markets`)
      const merchants = await ids(sql`select id::text as id from merchants`)
      const devices = await ids(sql`select id::text as id from devices`)
      expect(
        answered.markets.filter((id) => !markets.has(id)),
        'answered markets lost',
      ).toEqual([])
      expect(
        answered.merchants.filter((id) => !merchants.has(id)),
        'answered merchants lost',
      ).toEqual([])
      expect(
        answered.devices.filter((id) => !devices.has(id)),
        'answered devices lost',
      ).toEqual([])

      expect(await halfMade(db)).toEqual({})
      console.info(
        `crash test (${run.database.kind}): ${answered.markets.length} markets, ${answered.merchants.length} merchants and ` +
          `${answered.devices.length} devices answered before SIGKILL, ${unanswered} registrations in flight; ` +
          `${markets.size} markets, ${merchants.size} merchants and ${devices.size} devices stored, none half made`,
      )
    } finally {
      await handle.close()
    }
  }, 120_000)
})
