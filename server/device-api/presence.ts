import { ONLINE_WINDOW_MS } from '../../contract/device-list'
import type { ServerDeps } from '../lib/types'
import type { AuthedDevice } from './auth'
import { recordSightings, type Sighting } from './seen'

/** Last-seen times wait this long in memory before they are written, all of them in one statement. */
const PRESENCE_FLUSH_MS = 1_000
/** Devices per statement; more waiting than this are written at once, without waiting for the second. */
const FLUSH_AT = 5_000
/**
 * A call is only kept in memory while the database is known to hold the device online with a last-seen
 * time this recent: the sweep (two minutes and its grace) cannot take it offline before the write lands.
 */
const KEPT_WHILE_SEEN_WITHIN_MS = ONLINE_WINDOW_MS - 30_000

type PresenceDeps = Pick<ServerDeps, 'db' | 'logger'>

/**
 * A province's devices call every 30 s (some 6,700 heartbeats a second): a locked row update per call
 * does not carry that. Each instance keeps its calls' last-seen times in memory and writes them once a
 * second in one statement. A device coming online is written at once, in the call, and announced before
 * the answer; only devices the database already holds online wait. Announcements stay exact either way:
 * every write flips `online` under the row's lock, and only the write that flips it announces.
 */
export class DevicePresence {
  /** Calls not yet written: the latest per device. */
  #pending = new Map<string, Sighting>()
  /** Per device: the database holds it online with a last-seen time at least this (ms). */
  readonly #knownOnline = new Map<string, number>()
  #prunedAtMs = 0
  #timer: ReturnType<typeof setTimeout> | null = null
  #flushing: Promise<void> = Promise.resolve()

  constructor(readonly deps: PresenceDeps) {}

  /** What a read of the device's row said (authentication reads it): online since `lastSeenAt`, or not. */
  noteRow(deviceId: string, online: boolean, lastSeenAt: Date | null): void {
    if (online && lastSeenAt) this.#know(deviceId, lastSeenAt.getTime())
  }

  /** Whether a call at `at` may wait in memory: the database holds the device online, recently seen. */
  knowsOnline(deviceId: string, at: Date): boolean {
    const known = this.#knownOnline.get(deviceId)
    return known !== undefined && at.getTime() - known < KEPT_WHILE_SEEN_WITHIN_MS
  }

  /** A call written elsewhere (inside a batch's transaction), committed. */
  wrote(deviceId: string, at: Date): void {
    this.#know(deviceId, at.getTime())
  }

  /** A device's successful call: written at once if it is coming online, else within a second. */
  async seen(device: AuthedDevice, at: Date): Promise<void> {
    if (!this.knowsOnline(device.id, at)) {
      await this.#write([{ device, at }])
      return
    }
    const waiting = this.#pending.get(device.id)
    if (!waiting || waiting.at < at) this.#pending.set(device.id, { device, at })
    if (this.#pending.size >= FLUSH_AT) void this.#flush(true)
    else this.#timer ??= setTimeout(() => void this.#flush(true), PRESENCE_FLUSH_MS)
  }

  /** Devices the database holds online, as this instance last wrote or read them, seen within the online window (the metrics' gauge). */
  onlineCount(nowMs: number): number {
    let online = 0
    for (const known of this.#knownOnline.values()) if (nowMs - known < ONLINE_WINDOW_MS) online++
    return online
  }

  /** Writes every waiting last-seen time now, waiting for rows another writer holds (on shutdown, in tests). */
  flush(): Promise<void> {
    return this.#flush(false)
  }

  /** Each second's write skips rows another writer holds: they wait for the next second. */
  #flush(skipHeld: boolean): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#flushWaiting(skipHeld))
    return this.#flushing
  }

  async #flushWaiting(skipHeld: boolean): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    while (this.#pending.size > 0) {
      const batch = [...this.#pending.values()].slice(0, FLUSH_AT)
      this.#prune(batch[0]?.at.getTime() ?? 0)
      for (const { device } of batch) this.#pending.delete(device.id)
      try {
        const held = await this.#write(batch, skipHeld)
        // Held by another writer (an unbinding, a merchant's devices following it): the next second.
        for (const sighting of batch) if (held.has(sighting.device.id)) this.#putBack(sighting)
        if (held.size > 0) this.#timer ??= setTimeout(() => void this.#flush(true), PRESENCE_FLUSH_MS)
        if (held.size === batch.length) return
      } catch (error) {
        // Kept for the next second (a newer call of the same device wins); the sweep's grace and the
        // two minutes leave time for a database that is briefly away.
        for (const sighting of batch) this.#putBack(sighting)
        this.deps.logger.warn({ err: error, devices: batch.length }, 'could not write devices last seen')
        this.#timer ??= setTimeout(() => void this.#flush(true), PRESENCE_FLUSH_MS)
        return
      }
    }
  }

  /** Writes sightings; answers those skipped because another transaction held their rows. */
  async #write(sightings: readonly Sighting[], skipHeld = false): Promise<Set<string>> {
    const { unbound, held } = await this.deps.db.transaction((tx) => recordSightings(tx, sightings, { skipHeld }))
    for (const { device, at } of sightings)
      if (unbound.has(device.id)) this.#knownOnline.delete(device.id)
      else if (!held.has(device.id)) this.#know(device.id, at.getTime())
    return held
  }

  /** Waits again for the next write (a newer call of the same device wins). */
  #putBack(sighting: Sighting): void {
    const newer = this.#pending.get(sighting.device.id)
    if (!newer || newer.at < sighting.at) this.#pending.set(sighting.device.id, sighting)
  }

  /** Forgets devices not written for longer than a call may wait (their next call is written at once). */
  #prune(nowMs: number): void {
    if (nowMs - this.#prunedAtMs < KEPT_WHILE_SEEN_WITHIN_MS) return
    this.#prunedAtMs = nowMs
    for (const [deviceId, known] of this.#knownOnline)
      if (nowMs - known >= KEPT_WHILE_SEEN_WITHIN_MS) this.#knownOnline.delete(deviceId)
  }

  #know(deviceId: string, atMs: number): void {
    const known = this.#knownOnline.get(deviceId)
    if (known === undefined || known < atMs) this.#knownOnline.set(deviceId, atMs)
  }
}

const presences = new WeakMap<PresenceDeps, DevicePresence>()
/** Every presence of this process, for the flush on shutdown. */
const everyPresence = new Set<WeakRef<DevicePresence>>()

/** The instance's presence record (one per app: tests run two apps in one process as two instances). */
export function devicePresence(deps: PresenceDeps): DevicePresence {
  let presence = presences.get(deps)
  if (!presence) {
    presence = new DevicePresence(deps)
    presences.set(deps, presence)
    everyPresence.add(new WeakRef(presence))
  }
  return presence
}

/** On shutdown, after the last request and before the database closes: no call's last-seen time is lost. */
export async function flushDevicePresence(): Promise<void> {
  for (const ref of everyPresence) {
    const presence = ref.deref()
    if (presence) await presence.flush()
    else everyPresence.delete(ref)
  }
}
