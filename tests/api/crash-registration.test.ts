import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Role } from '../../contract/roles'
import { rowsOf, type Database } from '../../server/db/client'
import { ALL_MARKETS } from '../../server/db/schema'
import { marketWithDevices } from '../helpers/crash-world'
import { marketInput } from '../helpers/market-input'
import { merchantInput } from '../helpers/merchant-input'
import {
  call,
  OFFICIAL,
  serverDatabase,
  signIn,
  startServer,
  type ServerDatabase,
  type ServerProcess,
} from '../helpers/server-process'

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

let database: ServerDatabase
let server: ServerProcess | undefined

beforeAll(async () => {
  database = await serverDatabase()
})

afterAll(async () => {
  await server?.stop('SIGKILL')
  await database?.drop()
})

/** The rows a query answers, as JSON text (to show in a failure). */
async function found(db: Database, query: SQL): Promise<string[]> {
  return rowsOf(await db.execute(query)).map((row) => JSON.stringify(row))
}

describe('SIGKILL during registrations', () => {
  it('leaves every answered registration in place and nothing half made', async () => {
    const first = await startServer(database)
    server = first
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
    const second = await startServer(database)
    server = second
    const lastMarket = answered.markets.at(-1)
    if (lastMarket) await signIn(second, accountOf.get(lastMarket) as string, 'Market123')
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    server = undefined

    const handle = await database.open()
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

      const { MARKET, MERCHANT } = Role
      expect(
        await found(
          db,
          sql`select m.id from markets m left join users u on u.uk = m.account_uk
            where u.uk is null or u.role <> ${MARKET} or u.market_id is distinct from m.id`,
        ),
        'a market without its account',
      ).toEqual([])
      expect(
        await found(
          db,
          sql`select u.uk from users u left join markets m on m.account_uk = u.uk
            where u.role = ${MARKET} and (m.id is null or m.id is distinct from u.market_id)`,
        ),
        'a MARKET account without its market',
      ).toEqual([])
      expect(
        await found(
          db,
          sql`select me.id from merchants me left join users u on u.uk = me.account_uk
            where u.uk is null or u.role <> ${MERCHANT} or u.market_id is distinct from me.market_id
              or u.username <> me.account_username`,
        ),
        'a merchant without its account',
      ).toEqual([])
      expect(
        await found(
          db,
          sql`select u.uk from users u left join merchants me on me.account_uk = u.uk
            where u.role = ${MERCHANT} and me.id is null`,
        ),
        'a MERCHANT account without its merchant',
      ).toEqual([])
      for (const [action, table] of [
        ['market.create', 'markets'],
        ['merchant.create', 'merchants'],
        ['device.bind', 'devices'],
      ] as const) {
        expect(
          await found(
            db,
            sql`select t.id from ${sql.raw(table)} t
              where not exists (select 1 from audit_log a where a.action = ${action} and a.entity_id = t.id::text)
              union all
              select a.entity_id::uuid from audit_log a
              where a.action = ${action} and not exists (select 1 from ${sql.raw(table)} t where t.id::text = a.entity_id)`,
          ),
          `${table} and their ${action} audit entries`,
        ).toEqual([])
      }
      expect(
        await found(db, sql`select id from devices where unbound_at is null and secret_hash is null`),
        'a bound device without its secret',
      ).toEqual([])
      expect(
        await found(
          db,
          sql`select d.id from devices d join merchants me on me.id = d.merchant_id where me.market_id <> d.market_id`,
        ),
        'a device at another market’s merchant',
      ).toEqual([])
      // The merchant counts (kept by triggers) equal the merchants, per market and for the platform.
      expect(
        await found(
          db,
          sql`with actual as (
              select market_id, category, status, count(*)::int as n from merchants group by 1, 2, 3
              union all
              select ${ALL_MARKETS}::uuid, category, status, count(*)::int from merchants group by 2, 3
            )
            select coalesce(a.market_id, c.market_id) as market_id, a.n as actual, c.n as counted
            from actual a full join (select * from merchant_counts where n <> 0) c
              on c.market_id = a.market_id and c.category = a.category and c.status = a.status
            where a.n is distinct from c.n`,
        ),
        'merchant counts that differ from the merchants',
      ).toEqual([])
      expect(
        await found(
          db,
          sql`select m.id from markets m where m.merchant_seq < (select count(*) from merchants me where me.market_id = m.id)`,
        ),
        'a market whose merchant numbers fall behind its merchants',
      ).toEqual([])
      console.info(
        `crash test (${database.kind}): ${answered.markets.length} markets, ${answered.merchants.length} merchants and ` +
          `${answered.devices.length} devices answered before SIGKILL, ${unanswered} registrations in flight; ` +
          `${markets.size} markets, ${merchants.size} merchants and ${devices.size} devices stored, none half made`,
      )
    } finally {
      await handle.close()
    }
  }, 120_000)
})
