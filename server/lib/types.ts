import type { Logger } from 'pino'
import type { Database, DatabaseEvents } from '../db/client'
import type { PoolInfo } from '../db/pool-use'
import type { ReadRouting } from '../db/read-routing'
import type { Clock } from './clock'
import type { Locale } from './i18n'
import type { SessionUser } from './session-user'
import type { InstanceMetrics } from './instance-metrics'
import type { KeptAnswers } from './kept-answers'
import type { LiveBus } from './live-bus'
import type { SessionCache } from './session-cache'

export type { SessionUser } from './session-user'

export type AppConfig = {
  /** Sliding: a session ends after this much inactivity. */
  sessionTtlSeconds: number
  /** Absolute: a session ends this long after sign-in however active it is (OWASP ASVS 3.3.2). */
  sessionMaxAgeSeconds: number
  /**
   * How many proxies in front of the server append to X-Forwarded-For / -Proto (only proxies you run);
   * 0 trusts neither header. The client address is the entry the outermost trusted proxy appended.
   */
  trustProxy: number
  /** Folder with the built console; null serves the API only. */
  clientDir: string | null
  /** Lets e2e tests reach the plain HTTP server with Secure cookies off. */
  secureCookies: boolean
  /** Device API calls one device may make, per instance (server/device-api/call-rate.ts); absent: 5/s, 20 at once. */
  deviceCallAllowance?: { perSecond: number; burst: number }
  /** Open /api/stream connections, per instance (server/live/stream-places.ts); absent: 6 a session, 20 an account. */
  streamCaps?: { perSession: number; perAccount: number }
  /**
   * /api/metrics (server/metrics/routes.ts): the Bearer token it asks for (null or absent: the route
   * answers 404, as if absent) and this instance's `instance` label (absent: `local`).
   */
  metrics?: { token: string | null; instance: string }
}

export type AppDeps = {
  /** The primary: every write, and every read that must see them (server/db/read-routing.ts for the others). */
  db: Database
  /**
   * The reads that may lag a second or two (dashboard figures, CSV exports): a streaming replica when
   * one is configured and keeping up, else the primary. Made by createApp (primary only) when not given.
   */
  reads?: ReadRouting
  clock: Clock
  config: AppConfig
  logger: Logger
  /** Made by createApp when not given; one per process. */
  sessionCache?: SessionCache
  /** LISTEN/NOTIFY on the shared database; without it, instances do not hear each other. */
  events?: DatabaseEvents
  /** This instance's live events (made by createApp when not given; given already listening by tests). */
  live?: LiveBus
  /** Costly answers kept a while (made by createApp when not given). */
  keptAnswers?: KeptAnswers
  /** How the primary is reached, for the metrics' pool figures (absent: PGlite's, one connection). */
  pool?: PoolInfo
}

/** What every handler sees as `c.var.deps`. */
export type ServerDeps = AppDeps & {
  reads: ReadRouting
  sessionCache: SessionCache
  live: LiveBus
  keptAnswers: KeptAnswers
  /** This instance's metrics (made by createApp). */
  metrics: InstanceMetrics
}

export type AppEnv = {
  Variables: {
    deps: ServerDeps
    locale: Locale
    requestId: string
    user: SessionUser
    clientAddress: string
  }
}
