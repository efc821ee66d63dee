import { hostname } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { MIN_RETAIN_DAYS } from './db/retention'

/** Durations as seconds or with a unit: 90, 90s, 30m, 12h, 7d. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/.exec(text.trim())
  if (!match) return null
  const units: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }
  const seconds = Number(match[1]) * (units[match[2] ?? ''] ?? 1)
  return seconds > 0 ? seconds : null
}

const EnvSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'PORT must be a number'),
      v.transform(Number),
      v.integer(),
      v.minValue(0),
      v.maxValue(65535),
    ),
    '3000',
  ),
  HOST: v.optional(v.string(), '127.0.0.1'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')),
  ),
  // The hot-standby the heavy reads that may lag go to (server/db/read-routing.ts); unset: the primary.
  DATABASE_READ_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must start with postgres://')),
  ),
  DATABASE_READ_MAX_LAG_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'DATABASE_READ_MAX_LAG_MS must be a number of milliseconds'),
      v.transform(Number),
      v.integer(),
      v.minValue(1, 'DATABASE_READ_MAX_LAG_MS must be at least 1'),
    ),
    '5000',
  ),
  DATA_DIR: v.optional(v.string(), './data'),
  DEMO: v.optional(v.picklist(['0', '1'], 'DEMO must be 0 or 1'), '1'),
  SESSION_TTL: v.optional(
    v.pipe(v.string(), v.transform(parseDuration), v.number('SESSION_TTL must be a duration like 12h, 30m or 3600')),
    '12h',
  ),
  // The absolute lifetime (OWASP ASVS 3.3.2): activity slides SESSION_TTL, never past this.
  SESSION_MAX_AGE: v.optional(
    v.pipe(
      v.string(),
      v.transform(parseDuration),
      v.number('SESSION_MAX_AGE must be a duration like 7d, 24h or 86400'),
    ),
    '7d',
  ),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'TRUST_PROXY must be 0 (off) or the number of proxies in front (1, 2, …)'),
      v.transform(Number),
    ),
    '0',
  ),
  SECURE_COOKIES: v.optional(v.picklist(['0', '1']), '0'),
  CLIENT_DIR: v.optional(v.string(), './dist/client'),
  // Unset keeps every day; a bound keeps more than the year a device's backlog may reach back.
  RETAIN_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'RETAIN_DAYS must be a number of days (400 or more)'),
      v.transform(Number),
      v.minValue(MIN_RETAIN_DAYS, `RETAIN_DAYS must be at least ${MIN_RETAIN_DAYS}`),
    ),
  ),
  // Unset: /api/metrics answers 404 as if it did not exist.
  METRICS_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'METRICS_TOKEN must be at least 16 characters (a random secret)')),
  ),
  METRICS_INSTANCE: v.optional(
    v.pipe(v.string(), v.regex(/^[\w.:-]{1,50}$/, 'METRICS_INSTANCE must be 1-50 letters, digits or . _ : -')),
  ),
})

export type ServerEnv = {
  port: number
  host: string
  databaseUrl: string | null
  /** A streaming replica of DATABASE_URL for the reads that may lag; null: every read on the primary. */
  databaseReadUrl: string | null
  /** Past this lag (or down) the replica's reads go to the primary until it catches up. */
  databaseReadMaxLagMs: number
  dataDir: string
  demo: boolean
  sessionTtlSeconds: number
  sessionMaxAgeSeconds: number
  logLevel: string
  /** Proxy hops in front whose X-Forwarded-* entries are trusted; 0 trusts none. */
  trustProxy: number
  secureCookies: boolean
  clientDir: string
  /** Days of transactions and passenger counts kept attached; null keeps every day (server/db/retention.ts). */
  retainDays: number | null
  /** The Bearer token /api/metrics asks for; null: the route is off (404). */
  metricsToken: string | null
  /** This instance's `instance` label (and its connections' application_name): the setting, or host:port. */
  metricsInstance: string
}

/** Reads the configuration once; a bad value stops the process with a message naming the variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  // An empty variable means "not set" (e.g. DATABASE_URL= to force PGlite).
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))
  const result = v.safeParse(EnvSchema, present)
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = result.output
  // A replica of the embedded database cannot exist: a setting that would be silently ignored stops here.
  if (env.DATABASE_READ_URL && !env.DATABASE_URL)
    throw new Error('Invalid configuration:\n  DATABASE_READ_URL: needs DATABASE_URL (the primary it replicates)')
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL ?? null,
    databaseReadUrl: env.DATABASE_READ_URL ?? null,
    databaseReadMaxLagMs: env.DATABASE_READ_MAX_LAG_MS,
    dataDir: path.resolve(env.DATA_DIR),
    demo: env.DEMO === '1',
    sessionTtlSeconds: env.SESSION_TTL,
    sessionMaxAgeSeconds: env.SESSION_MAX_AGE,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    secureCookies: env.SECURE_COOKIES === '1',
    clientDir: path.resolve(env.CLIENT_DIR),
    retainDays: env.RETAIN_DAYS ?? null,
    metricsToken: env.METRICS_TOKEN ?? null,
    metricsInstance: env.METRICS_INSTANCE ?? `${hostname()}:${env.PORT}`.slice(0, 50),
  }
}
