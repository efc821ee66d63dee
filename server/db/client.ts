import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { claimDataDir } from './data-dir-lock'
import type { PoolInfo } from './pool-use'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
/** An open transaction, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * A handle for reads only: the statements a dashboard or an export runs, without insert, update or
 * delete, so a write cannot be sent to a read replica by mistake (the replica would refuse it anyway;
 * this refuses it at compile time). Raw `execute` stays: the dashboard's figures are hand-written SQL.
 */
export type ReadDatabase = Pick<Database, 'select' | 'selectDistinct' | 'selectDistinctOn' | '$with' | 'execute'> & {
  /** One read transaction (e.g. `set local work_mem` for a large aggregation). */
  transaction: <T>(run: (tx: Pick<Transaction, 'select' | 'execute'>) => Promise<T>) => Promise<T>
}

/** PostgreSQL LISTEN/NOTIFY: how instances sharing one database tell each other what changed. */
export type DatabaseEvents = {
  notify: (channel: string, payload: string) => Promise<void>
  /**
   * `onRelisten` is called when the listening connection was lost and is listening again: whatever was
   * sent meanwhile was not heard (PGlite: never).
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onRelisten?: () => void,
  ) => Promise<() => Promise<void>>
}

export type DatabaseHandle = {
  db: Database
  kind: 'pglite' | 'postgres'
  events: DatabaseEvents
  migrate: () => Promise<void>
  close: () => Promise<void>
  /** PGlite only: the whole data directory as a gzipped tarball (tests load it instead of migrating). */
  dump?: () => Promise<Blob>
  /** How the primary is reached, for /api/metrics' pool figures (./pool-use.ts). */
  pool: PoolInfo
  /**
   * A connection of its own, outside the pool, for statements no transaction may hold (CREATE INDEX
   * CONCURRENTLY) and for a session's advisory lock. PGlite has one connection: its session is that one.
   */
  session: () => Promise<DatabaseSession>
}

export type DatabaseSession = {
  /** Runs one statement (no parameters: names and values come from the caller's own code). */
  query: <T>(text: string) => Promise<T[]>
  /**
   * Runs statements in one transaction. Never `query('begin')`: PGlite's one connection is shared, and
   * a request's statements would run inside it (its transactions wait for this one instead).
   */
  transaction: (statements: readonly string[]) => Promise<void>
  close: () => Promise<void>
}

/** The rows a raw statement answered, from either driver (postgres.js answers an array, PGlite `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export type DatabaseOptions =
  | {
      kind: 'postgres'
      url: string
      maxConnections?: number
      /** What pg_stat_activity shows for this instance's connections (the metrics' pool figures find them by it). */
      applicationName?: string
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }

/** What this instance's connections are called (PostgreSQL keeps 63 characters; instance names are ASCII). */
export const applicationNameFor = (instance: string) => `daily-supply ${instance}`.slice(0, 63)

/**
 * The database the settings name (PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR), migrated: how
 * the server and its commands open it. `what` names this process in the message another one gets
 * while it holds the embedded database (server/db/data-dir-lock.ts).
 */
export async function openConfiguredDatabase(
  settings: { databaseUrl: string | null; dataDir: string; applicationName?: string },
  what = 'The Daily Supply server',
): Promise<DatabaseHandle> {
  const handle = await openHeldDatabase(settings, what)
  try {
    await handle.migrate()
  } catch (error) {
    await handle.close().catch(() => {})
    throw error
  }
  return handle
}

/**
 * The configured database as it is, not migrated (a backup must not change what it copies); the
 * embedded one claimed for this process until `close`, refused while another process holds it.
 */
export async function openHeldDatabase(
  settings: { databaseUrl: string | null; dataDir: string; applicationName?: string },
  what: string,
): Promise<DatabaseHandle> {
  if (settings.databaseUrl) {
    const { applicationName } = settings
    return openDatabase({
      kind: 'postgres',
      url: settings.databaseUrl,
      ...(applicationName ? { applicationName } : {}),
    })
  }
  const release = claimDataDir(settings.dataDir, what)
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: settings.dataDir })
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

/** A streaming replica (hot standby) opened for reads, and the position up to which it has replayed. */
export type ReplicaHandle = {
  db: ReadDatabase
  /** The WAL position the standby has replayed; null when it is not a standby (promoted, or a primary). */
  replayedLsn: () => Promise<string | null>
  close: () => Promise<void>
}

/**
 * Every statement planned for its own values. Only the kept statements (server/lib/shaped-statements.ts)
 * are named; a generic plan of one over the transactions' day parts would prune them only as it runs,
 * after locking every part (hundreds), where a plan for the values opens the days asked for.
 */
const CUSTOM_PLANS = 'force_custom_plan'

/** Opens the replica at `url` for reads; connections fail fast, so a stopped replica is noticed at once. */
export async function openReplica(url: string, maxConnections = 10): Promise<ReplicaHandle> {
  const { default: postgres } = await import('postgres')
  const { drizzle } = await import('drizzle-orm/postgres-js')
  const client = postgres(url, {
    max: maxConnections,
    connect_timeout: 2,
    onnotice: () => {},
    connection: { application_name: 'daily-supply reads', plan_cache_mode: CUSTOM_PLANS },
  })
  const db: ReadDatabase = drizzle(client, { schema })
  return {
    db,
    replayedLsn: async () => {
      const [row] = await client<{ lsn: string | null }[]>`select pg_last_wal_replay_lsn()::text as lsn`
      return row?.lsn ?? null
    },
    close: () => client.end({ timeout: 5 }),
  }
}

/** The primary's current WAL position (what a replica must have replayed to be up to date). */
export async function currentLsn(db: Database): Promise<string> {
  const [row] = rowsOf<{ lsn: string }>(await db.execute(sql`select pg_current_wal_lsn()::text as lsn`))
  if (!row) throw new Error('pg_current_wal_lsn() answered nothing')
  return row.lsn
}

/** Opens PGlite (embedded, on disk or in memory) or PostgreSQL behind the same drizzle type. */
export async function openDatabase(options: DatabaseOptions, folder = migrationsFolder): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const { default: postgres } = await import('postgres')
    const { drizzle } = await import('drizzle-orm/postgres-js')
    const { migrate } = await import('drizzle-orm/postgres-js/migrator')
    const max = options.maxConnections ?? 10
    const applicationName = options.applicationName ?? 'daily-supply'
    const client = postgres(options.url, {
      max,
      onnotice: () => {},
      connection: { application_name: applicationName, plan_cache_mode: CUSTOM_PLANS },
    })
    const db = drizzle(client, { schema })
    return {
      db,
      kind: 'postgres',
      pool: { driver: 'postgres', max, applicationName },
      events: {
        notify: async (channel, payload) => {
          await client.notify(channel, payload)
        },
        listen: async (channel, onPayload, onRelisten) => {
          let first = true
          // postgres.js calls this each time the channel is listened to: at first and after a reconnect.
          const { unlisten } = await client.listen(channel, onPayload, () => {
            if (!first) onRelisten?.()
            first = false
          })
          return unlisten
        },
      },
      migrate: () => migrate(db, { migrationsFolder: folder }),
      close: () => client.end({ timeout: 5 }),
      session: async () => {
        const one = postgres(options.url, {
          max: 1,
          onnotice: () => {},
          connection: { application_name: applicationName },
        })
        return {
          query: async <T>(text: string) => (await one.unsafe(text)) as unknown as T[],
          transaction: async (statements) => {
            await one.begin(async (tx) => {
              for (const statement of statements) await tx.unsafe(statement)
            })
          },
          close: () => one.end({ timeout: 5 }),
        }
      },
    }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  // PGlite does not create missing parent folders.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const client = await PGlite.create({
    // The merchant list's search indexes (migrations 0005 and 0006).
    extensions: { pg_trgm, btree_gin },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  const db = drizzle(client, { schema })
  return {
    db,
    kind: 'pglite',
    pool: { driver: 'pglite', max: 1, applicationName: null },
    events: {
      notify: async (channel, payload) => {
        await client.query('select pg_notify($1, $2)', [channel, payload])
      },
      listen: async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload)
        return () => unlisten()
      },
    },
    migrate: () => migrate(db, { migrationsFolder: folder }),
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir('gzip')) as Blob,
    session: async () => ({
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      transaction: async (statements) => {
        await client.transaction(async (tx) => {
          for (const statement of statements) await tx.query(statement)
        })
      },
      close: async () => {},
    }),
  }
}
