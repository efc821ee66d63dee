import type { AppConfig } from './types'

type Lifetimes = Pick<AppConfig, 'sessionTtlSeconds' | 'sessionMaxAgeSeconds'>

/** When a session ends however active it is: its absolute lifetime after sign-in (OWASP ASVS 3.3.2). */
export const sessionDeadlineMs = (config: Lifetimes, createdAtMs: number) =>
  createdAtMs + config.sessionMaxAgeSeconds * 1000

/** When a session used at `nowMs` ends: the sliding TTL after this use, never past its deadline. */
export function sessionExpiresAt(config: Lifetimes, createdAtMs: number, nowMs: number): Date {
  return new Date(Math.min(nowMs + config.sessionTtlSeconds * 1000, sessionDeadlineMs(config, createdAtMs)))
}

/** Sessions signed in at or before this instant have reached their deadline. */
export const oldestLiveSession = (config: Lifetimes, now: Date) =>
  new Date(now.getTime() - config.sessionMaxAgeSeconds * 1000)
