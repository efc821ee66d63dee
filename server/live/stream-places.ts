import { ApiCode } from '../../contract/api'
import { ApiError } from '../lib/errors'
import type { AppConfig, ServerDeps } from '../lib/types'

type StreamCaps = NonNullable<AppConfig['streamCaps']>

/** A person's tabs (one stream each) on one session, and a market's few people on one account. */
export const STREAM_CAPS: StreamCaps = { perSession: 6, perAccount: 20 }
/** What a refused console waits before trying again: no place frees at a known time. */
const RETRY_AFTER_SECONDS = 30

/**
 * Open /api/stream connections, counted per session and per account in this instance's memory (each
 * instance counts its own): one caller cannot hold hundreds of streams, each a subscriber every live
 * event is offered to.
 */
export class StreamPlaces {
  private readonly bySession = new Map<string, number>()
  private readonly byAccount = new Map<string, number>()

  constructor(private readonly caps: StreamCaps) {}

  /**
   * Takes a place for one stream, or refuses with 429 (42900, `data.retryAfter`, a translated
   * message) when the session or the account holds its cap. Answers how to give it back (once).
   */
  take(session: string, account: string): () => void {
    const sessions = this.bySession.get(session) ?? 0
    const accounts = this.byAccount.get(account) ?? 0
    if (sessions >= this.caps.perSession || accounts >= this.caps.perAccount)
      throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, 'error_too_many_streams', { retryAfter: RETRY_AFTER_SECONDS })
    this.bySession.set(session, sessions + 1)
    this.byAccount.set(account, accounts + 1)
    let held = true
    return () => {
      if (!held) return
      held = false
      this.drop(this.bySession, session)
      this.drop(this.byAccount, account)
    }
  }

  private drop(counts: Map<string, number>, key: string): void {
    const left = (counts.get(key) ?? 1) - 1
    if (left > 0) counts.set(key, left)
    else counts.delete(key)
  }
}

/** One count per app (createApp makes one deps object): per instance, and per test app. */
const placesOf = new WeakMap<ServerDeps, StreamPlaces>()

export function streamPlaces(deps: ServerDeps): StreamPlaces {
  let places = placesOf.get(deps)
  if (!places) placesOf.set(deps, (places = new StreamPlaces(deps.config.streamCaps ?? STREAM_CAPS)))
  return places
}
