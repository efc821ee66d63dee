import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import { Role } from '../../contract/roles'
import { openDatabase, type DatabaseHandle } from '../../server/db/client'
import { md5Hex } from '../../server/lib/passwords'
import { createUser } from './test-app'

/**
 * Real server processes for crash and shutdown tests, run from source (`node --import tsx
 * server/main.ts`, no build needed) on a database of the test's own that outlives them: a PGlite
 * directory when DATABASE_URL is unset, else a new PostgreSQL database, dropped by `drop`.
 */

export type ServerDatabase = {
  kind: 'pglite' | 'postgres'
  /** What a server process is started with to use this database. */
  env: Record<string, string>
  /** Opens it from the test (PGlite: only while no server process has it open). */
  open: () => Promise<DatabaseHandle>
  drop: () => Promise<void>
}

export const OFFICIAL = { username: 'crash-official', password: 'Official123' }

/** A migrated database holding one OFFICIAL account (OFFICIAL). */
export async function serverDatabase(): Promise<ServerDatabase> {
  const url = process.env.DATABASE_URL
  let database: ServerDatabase
  if (url) {
    const { default: postgres } = await import('postgres')
    const name = `ds_proc_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
    const admin = postgres(url, { max: 1, onnotice: () => {} })
    await admin.unsafe(`CREATE DATABASE ${name}`)
    const dbUrl = new URL(url)
    dbUrl.pathname = `/${name}`
    database = {
      kind: 'postgres',
      env: { DATABASE_URL: dbUrl.toString() },
      open: async () => openDatabase({ kind: 'postgres', url: dbUrl.toString(), maxConnections: 2 }),
      drop: async () => {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await admin.end({ timeout: 5 })
      },
    }
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ds-crash-'))
    // The migrated snapshot (tests/helpers/global-setup.ts) unpacked into the directory: no migration.
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))])
    let first = true
    database = {
      kind: 'pglite',
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
      open: async () => {
        const handle = await openDatabase({ kind: 'pglite', dataDir, ...(first ? { loadDataDir: snapshot } : {}) })
        first = false
        return handle
      },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const handle = await database.open()
  try {
    await handle.migrate()
    await createUser(handle.db, { ...OFFICIAL, role: Role.OFFICIAL })
  } finally {
    await handle.close()
  }
  return database
}

export type ServerProcess = {
  baseURL: string
  /** Everything the process wrote (JSON log lines). */
  output: () => string
  /** Sends the signal; answers how the process ended. */
  stop: (signal: 'SIGKILL' | 'SIGTERM') => Promise<{ code: number | null; signal: string | null }>
  exited: Promise<{ code: number | null; signal: string | null }>
}

/**
 * Starts the server on `database` and waits until it listens: on `port` (a restart behind a proxy
 * comes back where it was), else on one the system chooses; `env` adds settings (TRUST_PROXY).
 */
export async function startServer(
  database: ServerDatabase,
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...database.env,
      ...options.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DEMO: '0',
      LOG_LEVEL: 'info',
      // The console's pages are not needed: only the API is called.
      CLIENT_DIR: path.join(tmpdir(), 'ds-no-client'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const url = /"url":"(http:\/\/[^"]+)".*"msg":"Daily Supply console is listening"/.exec(output)?.[1]
      if (url) resolve(url)
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`)),
    )
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  try {
    const baseURL = await listening
    return {
      baseURL,
      output: () => output,
      exited,
      stop: (signal) => {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal)
        return exited
      },
    }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * A test file's own database (made before its tests, dropped after them) and the server processes it
 * starts on it, killed after them if still running.
 */
export function useServerDatabase() {
  let database: ServerDatabase | undefined
  const started: ServerProcess[] = []
  beforeAll(async () => {
    database = await serverDatabase()
  })
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')))
    await database?.drop()
  })
  const made = () => {
    if (!database) throw new Error('the database is made in beforeAll')
    return database
  }
  return {
    get database() {
      return made()
    },
    /** Starts a server on the database (see startServer). */
    start: async (options?: Parameters<typeof startServer>[1]) => {
      const server = await startServer(made(), options)
      started.push(server)
      return server
    },
  }
}

export type Answer<T = unknown> = { status: number; body: { code: number; msg: string; data: T } }

/** Calls the server's API as the console does (JSON, XSRF pair, a session token). */
export async function call<T = unknown>(
  server: { baseURL: string },
  apiPath: string,
  init: { method?: string; body?: unknown; token?: string; authorization?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Accept-Language': 'en-US',
    Cookie: 'XSRF-TOKEN=t',
    'X-XSRF-TOKEN': 't',
  }
  const authorization = init.authorization ?? init.token
  if (authorization) headers.Authorization = authorization
  const response = await fetch(`${server.baseURL}/api${apiPath}`, {
    method: init.method ?? 'POST',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const text = await response.text()
  return { status: response.status, body: JSON.parse(text) as Answer<T>['body'] }
}

/** Signs in; answers the session token. */
export async function signIn(server: { baseURL: string }, username: string, password: string): Promise<string> {
  const answer = await call<{ token: string }>(server, '/user/login', {
    body: { username, password: md5Hex(password) },
  })
  if (answer.body.code !== 20000) throw new Error(`sign-in of ${username} failed: ${answer.body.msg}`)
  return answer.body.data.token
}
