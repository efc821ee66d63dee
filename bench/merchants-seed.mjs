// Seeds the merchant benches' data: the demo, then 1,000 markets and 200,000 merchants, each merchant
// with its MERCHANT account, on PostgreSQL (BENCH_DATABASE_URL, default the bench_merchants database
// on 127.0.0.1, created when missing) and on PGlite (a data folder, BENCH_PGLITE_DIR). Rows are made by
// the demo seed's generator and written by multi-row inserts (unnest of arrays, 5,000 rows a
// statement); the time each database takes is printed. A database that already holds them is kept.
//   node bench/merchants-seed.mjs            both databases
//   node bench/merchants-seed.mjs pglite     one of them (postgres | pglite)
//   BENCH_RESEED=1 …                         start again from an empty database
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import postgres from 'postgres'
import { register } from 'tsx/esm/api'
import { benchKinds, minutes } from './kinds.mjs'

// The server's own modules (migrations, demo seed, row generator), loaded from source.
register()
const { openDatabase } = await import('../server/db/client.ts')
const { seedDemo } = await import('../server/demo/seed/demo.ts')
const { generateMerchants, placeOf, HEBEI_PLACES } = await import('../server/demo/seed/demo-merchants.ts')
const { hashPassword, md5Hex } = await import('../server/lib/passwords.ts')
const { creditCodeCheckChar } = await import('../contract/china-ids.ts')

export const MARKETS = 1_000
export const MERCHANTS = 200_000
export const postgresUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_merchants'
export const pgliteDir = process.env.BENCH_PGLITE_DIR || path.join(tmpdir(), 'ds-bench-merchants-pglite')
const BATCH = 5_000
const MARKET_ROLE = 51
const MERCHANT_ROLE = 101

/** Creates the bench database when missing; false when no PostgreSQL answers at that address. */
export async function ensurePostgresDatabase(url = postgresUrl, { fresh = false } = {}) {
  const name = new URL(url).pathname.slice(1)
  const adminUrl = new URL(url)
  adminUrl.pathname = '/postgres'
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {}, connect_timeout: 3 })
  try {
    if (fresh) await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    const [found] = await admin`select 1 from pg_database where datname = ${name}`
    if (!found) await admin.unsafe(`CREATE DATABASE "${name}"`)
    return true
  } catch (error) {
    if (error.code === 'ECONNREFUSED' || error.code === 'CONNECT_TIMEOUT') return false
    throw error
  } finally {
    await admin.end({ timeout: 5 })
  }
}

/** One statement with parameters on either client. */
function runner(handle) {
  const client = handle.db.$client
  return handle.kind === 'postgres'
    ? (text, params) => client.unsafe(text, params)
    : async (text, params) => (await client.query(text, params)).rows
}

/** An array parameter as PostgreSQL's array literal (both clients pass text through unchanged). */
const arrayLiteral = (values) =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${String(value).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`

/** INSERT … SELECT * FROM unnest($1::type[], …): one statement for many rows, a parameter per column. */
async function insertMany(run, table, columns, rows) {
  const names = Object.keys(columns)
  const casts = names.map((name, i) => `$${i + 1}::${columns[name]}[]`).join(', ')
  const text = `insert into ${table} (${names.join(', ')}) select * from unnest(${casts})`
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH)
    await run(
      text,
      names.map((name) => arrayLiteral(batch.map((row) => row[name]))),
    )
  }
}

const USER_COLUMNS = {
  uk: 'text',
  username: 'text',
  password_hash: 'text',
  role: 'int',
  status: 'int',
  market_id: 'uuid',
  registered_at: 'timestamptz',
}
const MARKET_COLUMNS = {
  id: 'uuid',
  name: 'text',
  account_uk: 'text',
  payment_bank: 'text',
  credit_code: 'text',
  address: 'text',
  stall_count: 'int',
  complaint_phone: 'text',
  legal_person_name: 'text',
  legal_person_phone: 'text',
  manager_name: 'text',
  manager_phone: 'text',
  registered_at: 'timestamptz',
  merchant_seq: 'int',
}
const MERCHANT_COLUMNS = {
  market_id: 'uuid',
  account_uk: 'text',
  account_username: 'text',
  name: 'text',
  bank_merchant_no: 'text',
  other_bank_no: 'text',
  payment_sub_merchant_no: 'text',
  stall_no: 'text',
  phone: 'text',
  id_card_no: 'text',
  credit_code: 'text',
  category: 'text',
  age: 'int',
  gender: 'text',
  political: 'text',
  education: 'text',
  address: 'text',
  notes: 'text',
  status: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
}

/**
 * Licence states and credit as a province's markets would have them a year in (issue 26): most valid,
 * some expiring, a few expired, the rest still missing; most merchants 5 stars, fewer with each star
 * less (a filter by 1 star is the rarest, by 5 the largest). The server keeps both from the records
 * (licences, complaints, tests) by its daily jobs; the list benches need the spread, not the records,
 * so this sets the stored values from each merchant's id, after the jobs of the day have run.
 */
const LICENCE_SPREAD = [
  ...Array(70).fill('valid'),
  ...Array(8).fill('expiring'),
  ...Array(4).fill('expired'),
  ...Array(18).fill('missing'),
]
const STARS_SPREAD = [...Array(78).fill(5), ...Array(12).fill(4), ...Array(6).fill(3), ...Array(3).fill(2), 1]
export const SPREAD_STORED_STATES_SQL = `update merchants set
  licence_state = (array[${LICENCE_SPREAD.map((state) => `'${state}'`).join(',')}])[1 + abs(hashtext(id::text)) % 100],
  credit_stars = (array[${STARS_SPREAD.join(',')}])[1 + abs(hashtext(id::text || 'credit')) % 100]`

const BANKS = ['ICBC', 'ABC', 'BOC', 'CCB', 'BOCOM', 'PSBC', 'RCC']
const creditCode = (n) => {
  const first17 = `91139900MB${String(n).padStart(7, '0')}`
  return first17 + creditCodeCheckChar(first17)
}

/** The bench markets after the demo's: operator accounts 0399xxxxx, one shared password hash. */
function benchMarkets(from, to, passwordHash) {
  const markets = []
  const accounts = []
  for (let n = from; n < to; n++) {
    const place = HEBEI_PLACES[n % HEBEI_PLACES.length]
    const [, district] = place.districts[n % place.districts.length]
    const id = randomUUID()
    const uk = randomUUID()
    const registeredAt = new Date(Date.UTC(2024, 0, 1) + (n % 700) * 86_400_000).toISOString()
    markets.push({
      id,
      name: `${place.city}${district}第${n}农贸市场`,
      account_uk: uk,
      payment_bank: BANKS[n % BANKS.length],
      credit_code: creditCode(n),
      address: `河北省${place.city}${district}市场路 ${n} 号`,
      stall_count: 220 + (n % 80),
      complaint_phone: `0311-${String(2_000_000 + n)}`,
      legal_person_name: '王建国',
      legal_person_phone: `138${String(10_000_000 + n)}`,
      manager_name: '李秀英',
      manager_phone: `139${String(10_000_000 + n)}`,
      registered_at: registeredAt,
      merchant_seq: 0,
    })
    accounts.push({
      uk,
      username: `0399${String(10_000 + n)}`,
      password_hash: passwordHash,
      role: MARKET_ROLE,
      status: 1,
      market_id: id,
      registered_at: registeredAt,
    })
  }
  return { markets, accounts }
}

const one = async (run, text) => Number((await run(text, []))[0]?.n ?? 0)

/**
 * Brings the database to 1,000 markets and 200,000 merchants (kept if it has them): the merchant
 * benches' own database unless `url` / `dataDir` name another. Returns what it did and how long it took.
 */
export async function seedMerchantBench(
  kind,
  { fresh = process.env.BENCH_RESEED === '1', url = postgresUrl, dataDir = pgliteDir } = {},
) {
  const started = performance.now()
  if (kind === 'pglite' && fresh) rmSync(dataDir, { recursive: true, force: true })
  if (kind === 'postgres' && !(await ensurePostgresDatabase(url, { fresh }))) return { skipped: true }
  const handle = await openDatabase(kind === 'postgres' ? { kind, url, maxConnections: 1 } : { kind, dataDir })
  try {
    await handle.migrate()
    const run = runner(handle)
    if ((await one(run, 'select count(*)::int as n from merchants')) >= MERCHANTS) return { seeded: false }
    if ((await one(run, 'select count(*)::int as n from users')) > 0) {
      // An earlier run stopped half way: start again from an empty database.
      await handle.close()
      return seedMerchantBench(kind, { fresh: true, url, dataDir })
    }
    await seedDemo(handle.db)
    const passwordHash = await hashPassword(md5Hex('Market123'))
    const now = Date.now()
    await run('begin', [])
    const existingMarkets = await one(run, 'select count(*)::int as n from markets')
    const { markets, accounts } = benchMarkets(existingMarkets, MARKETS, passwordHash)
    // markets.account_uk has no foreign key (it would be a cycle); users.market_id points at markets.
    await insertMany(run, 'markets', MARKET_COLUMNS, markets)
    await insertMany(run, 'users', USER_COLUMNS, accounts)
    const remaining = MERCHANTS - (await one(run, 'select count(*)::int as n from merchants'))
    const idCardsTaken = new Set()
    let users = []
    let rows = []
    const flush = async () => {
      await insertMany(run, 'users', USER_COLUMNS, users)
      await insertMany(run, 'merchants', MERCHANT_COLUMNS, rows)
      users = []
      rows = []
    }
    for (const [i, market] of markets.entries()) {
      // Spread evenly: the first markets take one more when it does not divide.
      const count = Math.floor(remaining / markets.length) + (i < remaining % markets.length ? 1 : 0)
      const generated = generateMerchants({
        seed: 100_000 + i,
        count,
        operatorUsername: accounts[i].username,
        place: placeOf(market.address),
        now,
        spanDays: 365,
        idCardsTaken,
      })
      for (const { account, merchant } of generated) {
        const uk = randomUUID()
        users.push({
          uk,
          username: account.username,
          password_hash: passwordHash,
          role: MERCHANT_ROLE,
          status: account.status,
          market_id: market.id,
          registered_at: account.registeredAt.toISOString(),
        })
        rows.push({
          market_id: market.id,
          account_uk: uk,
          account_username: merchant.accountUsername,
          name: merchant.name,
          bank_merchant_no: merchant.bankMerchantNo,
          other_bank_no: merchant.otherBankNo,
          payment_sub_merchant_no: merchant.paymentSubMerchantNo,
          stall_no: merchant.stallNo,
          phone: merchant.phone,
          id_card_no: merchant.idCardNo,
          credit_code: merchant.creditCode,
          category: merchant.category,
          age: merchant.age,
          gender: merchant.gender,
          political: merchant.political,
          education: merchant.education,
          address: merchant.address,
          notes: merchant.notes,
          status: merchant.status,
          created_at: merchant.createdAt.toISOString(),
          updated_at: merchant.updatedAt.toISOString(),
        })
      }
      market.merchant_seq = count
      if (rows.length >= BATCH * 4) await flush()
    }
    await flush()
    await run(
      `update markets set merchant_seq = seq from unnest($1::uuid[], $2::int[]) as s(id, seq) where markets.id = s.id`,
      [arrayLiteral(markets.map((market) => market.id)), arrayLiteral(markets.map((market) => market.merchant_seq))],
    )
    await run(SPREAD_STORED_STATES_SQL, [])
    await run('commit', [])
    // What autovacuum does on PostgreSQL after a bulk load (PGlite has no autovacuum: the bench shows it).
    if (kind === 'postgres') await run('vacuum analyze', [])
    return { seeded: true, seconds: (performance.now() - started) / 1000 }
  } finally {
    await handle.close().catch(() => {})
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const kind of benchKinds()) {
    const result = await seedMerchantBench(kind)
    const where =
      kind === 'postgres' ? `PostgreSQL (${new URL(postgresUrl).pathname.slice(1)})` : `PGlite (${pgliteDir})`
    if (result.skipped) console.log(`${where}: no server answers at ${postgresUrl}; skipped`)
    else if (!result.seeded) console.log(`${where}: already holds ${MERCHANTS.toLocaleString('en')} merchants; kept`)
    else
      console.log(
        `${where}: ${MARKETS.toLocaleString('en')} markets and ${MERCHANTS.toLocaleString('en')} merchants with accounts in ${minutes(result.seconds)}`,
      )
  }
}
