import type { Logger } from 'pino'
import { withTimeout } from '../lib/with-timeout'
import { currentLsn, type Database, type ReadDatabase, type ReplicaHandle } from './client'

/** Why the reads that may lag are on the primary; null while they are on the replica. */
export type PrimaryReason = 'not_configured' | 'starting' | 'down' | 'lagging' | 'not_a_standby'

export type ReadsStatus = {
  /** DATABASE_READ_URL is set. */
  replicaConfigured: boolean
  /** Where the dashboard's figures and the exports are read now. */
  readsFrom: 'replica' | 'primary'
  reason: PrimaryReason | null
  /** How long the replica has been behind the primary (0: caught up), as of the last check; null: unknown. */
  lagMs: number | null
  /** WAL bytes the replica has still to replay, as of the last check; null: unknown. */
  behindBytes: number | null
  maxLagMs: number
  /** When the replica was last checked (ISO 8601), null before the first check. */
  checkedAt: string | null
}

type Options = { maxLagMs: number; logger: Logger; checkEveryMs?: number; now?: () => number }

/** A WAL position as PostgreSQL writes it ('16/B374D848') as one number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const [high = '', low = ''] = lsn.split('/')
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

/** The driver's words for a connection that failed or was cut, and PostgreSQL's (classes 08 and 57P). */
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  '57P01',
  '57P02',
  '57P03',
])

/** The replica could not be reached (not: the statement was wrong), through drizzle's wrapping. */
export function isConnectionFailure(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'string' && (CONNECTION_FAILURES.has(code) || code.startsWith('08'))) return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

/**
 * Where the heavy reads that may lag a second or two go (issue 22 §2): the dashboard's figures and
 * rankings and the CSV exports read a hot-standby replica when DATABASE_READ_URL names one, and the
 * primary when it does not, when the replica is down, or when it lags past DATABASE_READ_MAX_LAG_MS.
 * Everything else (writes, sessions, lists an operator comes back to after saving, LISTEN/NOTIFY) uses
 * `deps.db`, the primary, and never sees this.
 *
 * The lag is checked in the background every second, never per request. It is measured by WAL
 * position, not by `now() - pg_last_xact_replay_timestamp()`: on an idle primary that timestamp goes
 * stale and would read as growing lag. Each check notes the primary's position and when it was first
 * seen; the lag is the age of the oldest noted position the replica has not replayed yet (0 when it
 * has replayed them all), so it is exact to the check's second whether the primary is busy or idle.
 */
export class ReadRouting {
  private onReplica = false
  private reason: PrimaryReason
  private lagMs: number | null = null
  private behindBytes: number | null = null
  private checkedAt: number | null = null
  /** Primary positions seen by the checks, ascending, with when each was first seen. */
  private seen: { lsn: bigint; at: number }[] = []
  private checking = false
  private readonly checkEveryMs: number
  private readonly now: () => number

  /** No replica: every read on the primary (PGlite, or DATABASE_READ_URL unset). */
  static primaryOnly(primary: Database, logger: Logger): ReadRouting {
    return new ReadRouting(primary, null, { maxLagMs: 0, logger })
  }

  constructor(
    private readonly primary: Database,
    private readonly replica: ReplicaHandle | null,
    private readonly options: Options,
  ) {
    this.reason = replica ? 'starting' : 'not_configured'
    this.checkEveryMs = options.checkEveryMs ?? 1_000
    this.now = options.now ?? Date.now
  }

  /**
   * The handle for a read that may lag: the replica while it is up and close enough, else the primary.
   * `fresh`: the caller must see everything committed so far (a re-read a live event asked for).
   */
  db(fresh = false): ReadDatabase {
    return !fresh && this.onReplica && this.replica ? this.replica.db : this.primary
  }

  /**
   * Runs one read on `db(fresh)`; if the replica's connection fails under it (stopped between two
   * checks), the reads move to the primary at once and this one is read there instead of failing.
   */
  async run<T>(read: (db: ReadDatabase) => Promise<T>, fresh = false): Promise<T> {
    const db = this.db(fresh)
    if (db === this.primary) return read(db)
    try {
      return await read(db)
    } catch (error) {
      if (!isConnectionFailure(error)) throw error
      this.replicaDown(error)
      return read(this.primary)
    }
  }

  status(): ReadsStatus {
    return {
      replicaConfigured: this.replica !== null,
      readsFrom: this.onReplica ? 'replica' : 'primary',
      reason: this.onReplica ? null : this.reason,
      lagMs: this.lagMs,
      behindBytes: this.behindBytes,
      maxLagMs: this.options.maxLagMs,
      checkedAt: this.checkedAt === null ? null : new Date(this.checkedAt).toISOString(),
    }
  }

  /** Checks the replica now and every second after; answers the function that stops it. */
  start(): () => void {
    if (!this.replica) return () => {}
    void this.check()
    const timer = setInterval(() => void this.check(), this.checkEveryMs)
    timer.unref()
    return () => clearInterval(timer)
  }

  /** One check: the primary's position against the replica's, then where the reads go. */
  async check(): Promise<void> {
    const replica = this.replica
    if (!replica || this.checking) return
    this.checking = true
    try {
      // The primary's own failure is not the replica's: the check is skipped and the reads stay put.
      let primaryLsn: string
      try {
        primaryLsn = await currentLsn(this.primary)
      } catch (error) {
        this.options.logger.warn({ err: error }, 'read replica check: the primary did not answer')
        return
      }
      let replayed: string | null
      try {
        replayed = await withTimeout(replica.replayedLsn(), 2 * this.checkEveryMs)
      } catch (error) {
        this.checkedAt = this.now()
        this.replicaDown(error)
        return
      }
      this.checkedAt = this.now()
      if (replayed === null) {
        this.lagMs = null
        this.behindBytes = null
        this.readFrom('primary', 'not_a_standby')
        return
      }
      this.measure(lsnBytes(primaryLsn), lsnBytes(replayed), this.checkedAt)
      const lagMs = this.lagMs ?? 0
      if (lagMs > this.options.maxLagMs) this.readFrom('primary', 'lagging', { lagMs })
      else this.readFrom('replica', null, { lagMs })
    } finally {
      this.checking = false
    }
  }

  private measure(primary: bigint, replayed: bigint, at: number) {
    const last = this.seen[this.seen.length - 1]
    if (!last || primary > last.lsn) this.seen.push({ lsn: primary, at })
    while (this.seen[0] && this.seen[0].lsn <= replayed) this.seen.shift()
    // A replica stuck for hours: the oldest position alone sets the lag, the ones after it are thinned.
    if (this.seen.length > 1_000) this.seen.splice(1, 1)
    this.lagMs = this.seen[0] ? at - this.seen[0].at : 0
    this.behindBytes = primary > replayed ? Number(primary - replayed) : 0
  }

  /** The replica did not answer: its lag is unknown until it does. */
  private replicaDown(error: unknown) {
    this.lagMs = null
    this.behindBytes = null
    this.readFrom('primary', 'down', { err: error })
  }

  /** Moves the reads, logging each switch once (not each check that finds things as they were). */
  private readFrom(where: 'replica' | 'primary', reason: PrimaryReason | null, details: object = {}) {
    const toReplica = where === 'replica'
    const changed = toReplica !== this.onReplica || (!toReplica && reason !== this.reason)
    this.onReplica = toReplica
    if (reason) this.reason = reason
    if (!changed) return
    if (toReplica) this.options.logger.info(details, 'reads that may lag go to the read replica')
    else this.options.logger.warn({ ...details, reason }, 'reads that may lag go to the primary')
  }
}
