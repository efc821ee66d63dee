import type { Logger } from 'pino'
import type { Database } from '../db/client'
import type { Clock } from './clock'
import type { Locale } from './i18n'

/** The signed-in account, as the auth middleware found it for this request. */
export type SessionUser = {
  uk: string
  username: string
  role: number
  status: number
  marketId: string | null
  tokenHash: string
}

export type AppConfig = {
  sessionTtlSeconds: number
  /** Trust X-Forwarded-For for the client address (only behind a proxy you run). */
  trustProxy: boolean
  /** Folder with the built console; null serves the API only. */
  clientDir: string | null
  /** Lets e2e tests reach the plain HTTP server with Secure cookies off. */
  secureCookies: boolean
}

export type AppDeps = {
  db: Database
  clock: Clock
  config: AppConfig
  logger: Logger
}

export type AppEnv = {
  Variables: {
    deps: AppDeps
    locale: Locale
    requestId: string
    user: SessionUser
    clientAddress: string
  }
}
