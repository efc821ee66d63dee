import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, rowsOf, type DatabaseHandle } from '../../server/db/client'
import { marketWithDevices, sendBatch, type WorldMarket } from '../helpers/crash-world'
import { passengers, payment, pesticideTest, refund } from '../helpers/devices'
import { PNG } from '../helpers/images'
import { marketInput } from '../helpers/market-input'
import {
  call,
  OFFICIAL,
  serverDatabase,
  signIn,
  startServer,
  type ServerDatabase,
  type ServerProcess,
} from '../helpers/server-process'
import { tableChecksums } from '../helpers/table-checksums'

/**
 * Issue 23 §3: a seeded database backed up with the real `npm run backup`, restored with the real
 * `npm run restore` into a fresh database (a new PGlite directory, or a new PostgreSQL database when
 * DATABASE_URL is set), holds the same rows in every table (counts and md5s, partitions included)
 * except the sessions, which a restore ends; the server starts on it and signs in. A cut or changed
 * backup is refused and leaves its target as it was, and so is a restore over data without --force.
 */

const work = mkdtempSync(path.join(tmpdir(), 'ds-backup-'))
const backupFile = path.join(work, 'backup.bin')
let source: ServerDatabase
let target: ServerDatabase & { isEmpty: () => Promise<boolean> }
let server: ServerProcess | undefined

/** A second database, empty: a PGlite directory not made yet, or a new PostgreSQL database. */
async function emptyTarget(name = 'restored'): Promise<ServerDatabase & { isEmpty: () => Promise<boolean> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const dataDir = path.join(work, name)
    return {
      kind: 'pglite',
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
      isEmpty: async () => !existsSync(dataDir) || readdirSync(dataDir).length === 0,
    }
  }
  const { default: postgres } = await import('postgres')
  const dbName = `ds_restore_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${dbName}`)
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${dbName}`
  const open = () => openDatabase({ kind: 'postgres', url: dbUrl.toString(), maxConnections: 1 })
  return {
    kind: 'postgres',
    env: { DATABASE_URL: dbUrl.toString() },
    open,
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
      await admin.end({ timeout: 5 })
    },
    isEmpty: () =>
      withDatabase(open, async ({ db }) => {
        const [row] = rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`),
        )
        return row?.n === 0
      }),
  }
}

async function withDatabase<T>(open: () => Promise<DatabaseHandle>, use: (handle: DatabaseHandle) => Promise<T>) {
  const handle = await open()
  try {
    return await use(handle)
  } finally {
    await handle.close()
  }
}

/** `npm run <command> -- <args>` as an operator types it, on `database`; answers its exit code and words. */
function npmRun(command: 'backup' | 'restore', args: string[], database: ServerDatabase) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', command, '--', ...args], {
      env: { ...process.env, ...database.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('close', (code) => resolve({ code, output }))
  })
}

const checksumsOf = (database: ServerDatabase) => withDatabase(database.open, ({ db }) => tableChecksums(db))

/** Everything but the sessions, which the backup leaves out (PostgreSQL) or the restore clears. */
function withoutSessions(sums: Record<string, { rows: number; md5: string }>) {
  const { sessions: _sessions, ...rest } = sums
  return rest
}

/** Markets with merchants and devices, their trading through the device API, audit entries and a file. */
async function seed(running: ServerProcess) {
  const official = await signIn(running, OFFICIAL.username, OFFICIAL.password)
  const markets: WorldMarket[] = []
  for (const n of [1, 2]) markets.push(await marketWithDevices(running, official, n, { terminals: 2, counters: 1 }))
  const minute = (m: number) => new Date(Date.now() - m * 60_000).toISOString()
  for (const market of markets)
    for (const device of market.devices) {
      const events =
        device.kind === 'payment_terminal'
          ? [
              ...Array.from({ length: 30 }, (_, i) => payment(`p${i}`, 100 + i * 37, minute(50 - i))),
              refund('r1', 'p3', 50, minute(10)),
            ]
          : Array.from({ length: 10 }, (_, i) => passengers(`c${i}`, 5 + i, 3, minute(40 - i)))
      const sent = await sendBatch(running, device, events)
      expect(sent.status, `batch of ${device.code}`).toBe(200)
    }
  // A pesticide tester at market 1 and its test.
  const tester = await call<{ id: string; code: string; secret: string }>(running, '/devices', {
    body: { code: 'BACKUP-TESTER', kind: 'pesticide_tester', merchantId: null, stallNo: 'LAB' },
    token: markets[0]?.operatorToken as string,
  })
  expect(tester.body.code).toBe(20000)
  const testerDevice = {
    ...tester.body.data,
    kind: 'pesticide_tester' as const,
    marketId: markets[0]?.marketId as string,
  }
  expect((await sendBatch(running, testerDevice, [pesticideTest('t1', minute(5), 'fail', 72)])).status).toBe(200)

  // A picture kept in the database, on a third market's registration.
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'licence.png')
  const uploaded = await fetch(`${running.baseURL}/api/files`, {
    method: 'POST',
    headers: { Authorization: official, Cookie: 'XSRF-TOKEN=t', 'X-XSRF-TOKEN': 't' },
    body: form,
  })
  const fileId = ((await uploaded.json()) as { data: { id: string } }).data.id
  const third = await call<{ id: string }>(running, '/markets', {
    body: marketInput(3, { businessLicenceFileId: fileId }),
    token: official,
  })
  expect(third.body.code).toBe(20000)
  // One more audit entry: a freeze.
  expect((await call(running, `/markets/${markets[1]?.marketId}/freeze`, { token: official })).body.code).toBe(20000)
  return { official }
}

beforeAll(async () => {
  source = await serverDatabase()
  target = await emptyTarget()
})

afterAll(async () => {
  await server?.stop('SIGKILL')
  await source?.drop()
  await target?.drop()
  rmSync(work, { recursive: true, force: true })
})

describe('npm run backup and npm run restore', () => {
  it('restore a seeded database whole into a fresh one, which serves and signs in', async () => {
    server = await startServer(source)
    const { official } = await seed(server)
    if (source.kind === 'pglite') {
      // The embedded database is backed up with the server stopped: refused while it holds DATA_DIR.
      const refused = await npmRun('backup', [backupFile], source)
      expect(refused.code).toBe(1)
      expect(refused.output).toMatch(/The Daily Supply server \(process \d+, since .+\) has the embedded database open/)
      expect(existsSync(backupFile)).toBe(false)
    }
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    server = undefined

    const before = await checksumsOf(source)
    expect(Object.keys(before).length, 'tables and partitions compared').toBeGreaterThan(20)
    expect(before['sessions']?.rows, 'the seed signed in').toBeGreaterThan(0)
    for (const table of ['markets', 'merchants', 'devices', 'device_events', 'audit_log', 'files', 'pesticide_tests'])
      expect(before[table]?.rows, table).toBeGreaterThan(0)
    // Payments and passenger counts sit in partitions (a day's, or the default one).
    const partitionRows = (prefix: string) =>
      Object.entries(before)
        .filter(([name]) => name.startsWith(prefix))
        .reduce((sum, [, { rows }]) => sum + rows, 0)
    expect(partitionRows('transactions_')).toBe(2 * 2 * 31)
    expect(partitionRows('passenger_counts_')).toBe(2 * 10)

    const backup = await npmRun('backup', [backupFile], source)
    expect(backup.code, backup.output).toBe(0)
    expect(backup.output).toMatch(/^Backed up/m)
    // A second backup to the same name is refused without --force.
    const again = await npmRun('backup', [backupFile], source)
    expect(again.code).toBe(1)
    expect(again.output).toMatch(/already exists: nothing was written/)

    const restore = await npmRun('restore', [backupFile], target)
    expect(restore.code, restore.output).toBe(0)
    expect(restore.output).toMatch(/^Restored /m)
    expect(restore.output).toMatch(/It holds 3 markets, 4 merchants, 7 devices, 124 payments and refunds/)
    expect(restore.output).toMatch(/Ended \d+ session\(s\) the backup held/)

    const after = await checksumsOf(target)
    expect(withoutSessions(after)).toEqual(withoutSessions(before))
    expect(after['sessions']?.rows, 'a restore ends every session').toBe(0)

    server = await startServer(target)
    const stale = await call(server, '/user/info', { token: official })
    expect(stale.status, 'a session from before the backup').toBe(401)
    const token = await signIn(server, OFFICIAL.username, OFFICIAL.password)
    const markets = await call<{ total: number }>(server, '/markets?page=1&pageSize=10', { method: 'GET', token })
    expect(markets.body.data.total).toBe(3)
    await signIn(server, marketInput(1).accountUsername, 'Market123')
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    server = undefined
  }, 300_000)

  it('refuses a cut or changed backup, and a restore over data without --force, changing nothing', async () => {
    const whole = readFileSync(backupFile)
    const cut = path.join(work, 'cut.bin')
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)))
    const changed = path.join(work, 'changed.bin')
    const flipped = Buffer.from(whole)
    const middle = Math.floor(flipped.length / 2)
    flipped.fill(0xa5, middle, middle + 16)
    writeFileSync(changed, flipped)

    const restored = await checksumsOf(target)
    for (const file of [cut, changed]) {
      const refused = await npmRun('restore', [file, '--force'], target)
      expect(refused.code, refused.output).toBe(1)
      expect(refused.output).toContain(`${file} is damaged or incomplete (`)
      expect(refused.output).toContain('nothing was restored')
    }
    const overData = await npmRun('restore', [backupFile], target)
    expect(overData.code).toBe(1)
    expect(overData.output).toMatch(/already holds .*nothing was restored.*--force/s)
    expect(await checksumsOf(target)).toEqual(restored)

    // Into an empty database, a damaged file leaves it empty.
    const empty = await emptyTarget('still-empty')
    try {
      const refused = await npmRun('restore', [cut], empty)
      expect(refused.code).toBe(1)
      expect(await empty.isEmpty()).toBe(true)
    } finally {
      await empty.drop()
    }

    // With --force a good backup replaces what the database holds.
    const forced = await npmRun('restore', [backupFile, '--force'], target)
    expect(forced.code, forced.output).toBe(0)
    expect(forced.output).toMatch(
      /Restored .*(replacing what it held|\n {2}The data it replaced \(--force\) is kept in )/s,
    )
    expect(withoutSessions(await checksumsOf(target))).toEqual(withoutSessions(restored))
  }, 300_000)
})
