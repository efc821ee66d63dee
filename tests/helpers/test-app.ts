import { randomUUID } from 'node:crypto'
import pino from 'pino'
import { Role, UserStatus } from '../../contract/roles'
import { createApp } from '../../server/app'
import { openDatabase, type Database, type DatabaseEvents, type DatabaseHandle } from '../../server/db/client'
import { users } from '../../server/db/schema'
import { LiveBus } from '../../server/lib/live-bus'
import { hashPassword, md5Hex } from '../../server/lib/passwords'
import { createTestDb } from './test-db'

export const XSRF = 'test-xsrf-token'

/** A test database and, on PostgreSQL, where it is. */
type SharedHandle = DatabaseHandle & { url?: string }

export type Answer<T = unknown> = {
  status: number
  headers: Headers
  body: { code: number; msg: string; data: T; isSuccess: boolean }
}

/** A clock the test moves by hand. */
function manualClock(start = new Date('2026-11-01T02:00:00Z')) {
  let now = start.getTime()
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms
    },
  }
}

/** The same notices, each handed to its listener `ms` after it arrived. */
const lateNotices = (events: DatabaseEvents, ms: number): DatabaseEvents => ({
  notify: events.notify,
  listen: (channel, onPayload, onRelisten) =>
    events.listen(channel, (payload) => setTimeout(() => onPayload(payload), ms), onRelisten),
})

/** The real app on a database of its own, with helpers that call it as the console would. */
export async function createTestApp(
  options: {
    sessionTtlSeconds?: number
    sessionMaxAgeSeconds?: number
    trustProxy?: number
    clientDir?: string | null
    deviceCallAllowance?: { perSecond: number; burst: number }
    streamCaps?: { perSession: number; perAccount: number }
    /** Turns /api/metrics on with this Bearer token (METRICS_TOKEN); absent: off, as in production unset. */
    metricsToken?: string
    /** The `instance` label (METRICS_INSTANCE). */
    metricsInstance?: string
    /**
     * A second instance on another app's database (its own memory: sessions, live bus, device presence
     * and credentials); on PostgreSQL with connections of its own, as another process would have.
     */
    sameDatabaseAs?: { handle: SharedHandle }
    /** The app hears every notice this late (a busy instance whose event loop reads it late). */
    noticesLateMs?: number
  } = {},
) {
  const handle = options.sameDatabaseAs ? await secondHandle(options.sameDatabaseAs) : await createTestDb()
  const time = manualClock()
  // Listening before the first request, so a test's subscriber hears every event it causes.
  const live = new LiveBus()
  const stopListening = await live.listen(handle.events)
  const app = createApp({
    db: handle.db,
    events: options.noticesLateMs ? lateNotices(handle.events, options.noticesLateMs) : handle.events,
    live,
    pool: handle.pool,
    clock: time.clock,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    config: {
      sessionTtlSeconds: options.sessionTtlSeconds ?? 12 * 3600,
      sessionMaxAgeSeconds: options.sessionMaxAgeSeconds ?? 7 * 86400,
      // Tests stand for one proxy in front: `address` is what it appended to X-Forwarded-For.
      trustProxy: options.trustProxy ?? 1,
      clientDir: options.clientDir ?? null,
      secureCookies: false,
      // Tests send hundreds of calls from one device at one instant of their clock, which never
      // refills a bucket: the call-rate tests set the allowance they test.
      deviceCallAllowance: options.deviceCallAllowance ?? { perSecond: 1, burst: 1_000_000 },
      ...(options.streamCaps ? { streamCaps: options.streamCaps } : {}),
      metrics: { token: options.metricsToken ?? null, instance: options.metricsInstance ?? 'test' },
    },
  })

  type CallInit = {
    method?: string
    body?: unknown
    rawBody?: string
    token?: string
    xsrf?: boolean
    locale?: string
    address?: string
  }

  /** The app's Response as it is (a CSV export, a stream); `call` reads a JSON answer from it. */
  async function request(path: string, init: CallInit = {}): Promise<Response> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Accept-Language': init.locale ?? 'en-US',
    }
    if (init.xsrf !== false) {
      headers.Cookie = `XSRF-TOKEN=${XSRF}`
      headers['X-XSRF-TOKEN'] = XSRF
    }
    if (init.token) headers.Authorization = init.token
    if (init.address) headers['X-Forwarded-For'] = init.address
    const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body))
    return app.request(path, {
      method: init.method ?? 'POST',
      headers,
      ...(body === undefined ? {} : { body }),
    })
  }

  async function call<T = unknown>(path: string, init: CallInit = {}): Promise<Answer<T>> {
    const response = await request(path, init)
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null }
  }

  /** A multipart upload as the console's file input sends it. */
  async function upload<T = unknown>(
    bytes: Uint8Array,
    init: { token?: string; filename?: string; type?: string; field?: string } = {},
  ): Promise<Answer<T>> {
    const form = new FormData()
    form.append(
      init.field ?? 'file',
      new Blob([new Uint8Array(bytes)], { type: init.type ?? 'application/octet-stream' }),
      init.filename ?? 'upload.bin',
    )
    const headers: Record<string, string> = {
      Cookie: `XSRF-TOKEN=${XSRF}`,
      'X-XSRF-TOKEN': XSRF,
      'Accept-Language': 'en-US',
    }
    if (init.token) headers.Authorization = init.token
    const response = await app.request('/api/files', { method: 'POST', headers, body: form })
    return { status: response.status, headers: response.headers, body: JSON.parse(await response.text()) }
  }

  async function login(username: string, password: string, address?: string) {
    return call<{ token: string }>('/api/user/login', {
      body: { username, password: md5Hex(password) },
      ...(address ? { address } : {}),
    })
  }

  async function tokenFor(username: string, password: string): Promise<string> {
    const answer = await login(username, password)
    if (answer.body.code !== 20000) throw new Error(`login failed for ${username}: ${answer.body.msg}`)
    return answer.body.data.token
  }

  return {
    app,
    handle,
    db: handle.db,
    events: handle.events,
    kind: handle.kind,
    time,
    call,
    request,
    upload,
    login,
    tokenFor,
    live,
    close: async () => {
      await stopListening()
      await handle.close()
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Another instance's view of a test app's database: PGlite is one process's, shared; PostgreSQL reconnected. */
async function secondHandle(first: { handle: SharedHandle }): Promise<SharedHandle> {
  if (!first.handle.url) return { ...first.handle, close: async () => {} }
  return openDatabase({ kind: 'postgres', url: first.handle.url, maxConnections: 4 })
}

export async function createUser(
  db: Database,
  input: { username: string; password: string; role: number; status?: number; marketId?: string | null },
): Promise<string> {
  const uk = randomUUID()
  await db.insert(users).values({
    uk,
    username: input.username,
    passwordHash: await hashPassword(md5Hex(input.password)),
    role: input.role,
    status: input.status ?? UserStatus.NORMAL,
    marketId: input.marketId ?? null,
  })
  return uk
}

export { Role, UserStatus }
