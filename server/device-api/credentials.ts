import { sql } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { expectBack, heard, heardBack, listenerReady } from '../lib/heard-back'
import type { ServerDeps } from '../lib/types'
import type { AuthedDevice } from './auth'

/** Instances tell each other which devices' credentials changed (unbound, re-keyed, a wrong secret tried). */
export const DEVICE_CREDENTIALS_CHANNEL = 'ds_device_credentials'

/**
 * How long a device's row is kept. Every change that matters to authentication reaches every instance
 * at once (NOTIFY), so this bounds only the names a device's live items carry (a market renamed); it is
 * longer than a heartbeat's 30 s so that a province's heartbeats are answered without a read.
 */
const CREDENTIALS_KEPT_MS = 5 * 60_000
const MAX_KEPT = 250_000
/** A change that never committed (rolled back, no notice) stops holding its codes after this long. */
const CHANGE_HELD_MS = 10_000

/** A bound device as authentication read it: not locked out when read, its secret's hash. */
export type KeptCredentials = { device: AuthedDevice; secretHash: string }
type Entry = KeptCredentials & { keptAtMs: number }

type CredentialsDeps = Pick<ServerDeps, 'events' | 'logger'>

/**
 * Bound devices' credentials held in memory per instance, so a right secret is checked without a
 * database read. Only rows read while the code was not locked are kept; whatever could make a kept row
 * wrong drops it on every instance: unbinding, re-keying or a merchant leaving (a NOTIFY sent inside
 * the writing transaction, delivered on its commit) and a wrong secret (the next lockout starts there).
 * Until this instance listens, nothing is kept.
 */
export class DeviceCredentials {
  readonly #entries = new Map<string, Entry>()
  /** Codes whose change is being written: neither kept nor answered from memory until its notice arrives. */
  readonly #changing = new Map<string, number>()
  /** Moves on with every forgetting: a row read before it is not kept after it. */
  #generation = 0
  #listening = false

  constructor(
    readonly deps: CredentialsDeps,
    readonly now: () => number = () => performance.now(),
  ) {
    deps.events
      ?.listen(
        DEVICE_CREDENTIALS_CHANNEL,
        (payload) => this.#heard(payload),
        // Notices sent while the listening connection was away were never heard: read every row afresh.
        () => this.#forgetAll(),
      )
      .then(
        () => {
          this.#listening = true
          listenerReady(this)
        },
        (error: unknown) => deps.logger.warn({ err: error }, 'not listening for device credential changes'),
      )
  }

  get generation(): number {
    return this.#generation
  }

  /** The kept row for a code, if any (the caller still compares the secret). */
  get(code: string): KeptCredentials | null {
    const entry = this.#entries.get(code)
    if (!entry) return null
    if (this.now() - entry.keptAtMs > CREDENTIALS_KEPT_MS || this.#isChanging(code)) {
      this.#entries.delete(code)
      return null
    }
    return entry
  }

  /** Keeps a row read at `generation`, unless something was forgotten since (the row may be older). */
  keep(code: string, credentials: KeptCredentials, generation: number): void {
    if (!this.#listening || generation !== this.#generation || this.#isChanging(code)) return
    if (this.#entries.size >= MAX_KEPT) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.set(code, { ...credentials, keptAtMs: this.now() })
  }

  /** Drops codes here (a wrong secret here, a notice from any instance). */
  forget(codes: readonly string[]): void {
    this.#generation++
    for (const code of codes) this.#entries.delete(code)
  }

  /** A transaction is changing these codes: held until its notice arrives here (or it never commits). */
  hold(codes: readonly string[]): void {
    this.forget(codes)
    const until = this.now() + CHANGE_HELD_MS
    for (const code of codes) this.#changing.set(code, until)
  }

  #forgetAll(): void {
    this.#generation++
    this.#entries.clear()
  }

  #isChanging(code: string): boolean {
    const until = this.#changing.get(code)
    if (until === undefined) return false
    if (until > this.now()) return true
    this.#changing.delete(code)
    return false
  }

  #heard(payload: string): void {
    let notice: unknown
    try {
      notice = JSON.parse(payload)
    } catch {
      notice = null
    }
    // A change's notice names its codes and an id its writer waits to hear; a wrong secret's is the codes.
    const codes: unknown = Array.isArray(notice) ? notice : (notice as { codes?: unknown } | null)?.codes
    if (!Array.isArray(codes) || !codes.every((code) => typeof code === 'string')) {
      // Not ours to read: forget everything rather than keep what may be wrong.
      this.#forgetAll()
      return
    }
    this.forget(codes)
    for (const code of codes) this.#changing.delete(code)
    heard(this, (notice as { id?: unknown }).id)
  }
}

const kept = new WeakMap<CredentialsDeps, DeviceCredentials>()
/** Every instance's credentials in this process: a change written here holds its codes in each at once. */
const everyKept = new Set<WeakRef<DeviceCredentials>>()

/** The instance's kept credentials (one per app: tests run two apps in one process as two instances). */
export function deviceCredentials(deps: CredentialsDeps): DeviceCredentials {
  let credentials = kept.get(deps)
  if (!credentials) {
    credentials = new DeviceCredentials(deps)
    kept.set(deps, credentials)
    everyKept.add(new WeakRef(credentials))
  }
  return credentials
}

/** A wrong secret was tried for a bound device: every instance reads its row (and its lock) again. */
export function forgetEverywhere(deps: CredentialsDeps, code: string): void {
  deviceCredentials(deps).forget([code])
  deps.events
    ?.notify(DEVICE_CREDENTIALS_CHANNEL, JSON.stringify([code]))
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not tell instances of a wrong device secret'))
}

/**
 * Inside the transaction that unbinds devices or changes their secrets: every instance drops their
 * kept rows when it commits (NOTIFY is delivered on commit), and this process's instances read them from
 * the database from now until then. Answer the console only after `credentialsHeard`, so that the
 * answer finds them refused everywhere.
 */
export async function credentialsChanged(tx: Transaction, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return
  for (const ref of everyKept) {
    const credentials = ref.deref()
    if (credentials) credentials.hold(codes)
    else everyKept.delete(ref)
  }
  const id = expectBack(DEVICE_CREDENTIALS_CHANNEL, codes)
  await tx.execute(sql`select pg_notify(${DEVICE_CREDENTIALS_CHANNEL}, ${JSON.stringify({ codes, id })})`)
}

/**
 * After the commit, before answering: until this instance heard back the change's notice (about
 * `codes`, or every change this process sent), so every instance has been sent it.
 */
export const credentialsHeard = (deps: CredentialsDeps, codes?: readonly string[]): Promise<void> =>
  heardBack(deviceCredentials(deps), DEVICE_CREDENTIALS_CHANNEL, codes)
