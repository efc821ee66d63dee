import { randomUUID } from 'node:crypto'

/**
 * A revocation sent by NOTIFY reaches every instance when its transaction commits, but an instance acts
 * on it only once its PostgreSQL backend has sent it and its own event loop has read it. Answering the
 * caller at the commit let their next request (a heartbeat with the old secret) reach another instance
 * first under load. So the writer waits until its own listener heard the notice back before answering:
 * PostgreSQL signals every listening backend at the same commit, so by then the others have been sent
 * it too, and the reader's turn of the event loop (./notices-heard.ts) handles it before a kept answer
 * is trusted.
 *
 * A listener is the object that acts on the notices (an app's session cache, its device credentials):
 * one per instance, several in a test process that runs several apps.
 */

/** Longest a writer waits: a listening connection that is away never hears it (and forgets all on return). */
const HEARD_WAIT_MS = 1_000

type Waiter = { listener: object; resolve: () => void }
type Notice = { channel: string; keys: readonly string[]; heardBy: WeakSet<object>; waiters: Set<Waiter> }

/** Notices this process sent in the last HEARD_WAIT_MS, by id. */
const sent = new Map<string, Notice>()
/** Listeners whose LISTEN is in place: only they are waited for. */
const listening = new WeakSet<object>()

/** `listener`'s LISTEN is in place: it hears what is sent from now on. */
export function listenerReady(listener: object): void {
  listening.add(listener)
}

/**
 * Inside the writing transaction, before its NOTIFY: the id to put in the notice, whose hearing
 * `heardBack` waits for after the commit (by any of `keys`). A rolled-back one sends nothing: it lapses.
 */
export function expectBack(channel: string, keys: readonly string[]): string {
  const id = randomUUID()
  const notice: Notice = { channel, keys, heardBy: new WeakSet(), waiters: new Set() }
  sent.set(id, notice)
  const timer = setTimeout(() => {
    sent.delete(id)
    for (const waiter of notice.waiters) waiter.resolve()
  }, HEARD_WAIT_MS)
  timer.unref()
  return id
}

/** `listener` heard a notice carrying `id` (any instance's: only this process's own are waited for). */
export function heard(listener: object, id: unknown): void {
  const notice = typeof id === 'string' ? sent.get(id) : undefined
  if (!notice) return
  notice.heardBy.add(listener)
  for (const waiter of notice.waiters) {
    if (waiter.listener !== listener) continue
    notice.waiters.delete(waiter)
    waiter.resolve()
  }
}

/**
 * After the commit, before answering: until `listener` heard back every notice this process sent on
 * `channel` about `keys` (all of the channel's when none are named), or they lapsed.
 */
export async function heardBack(listener: object, channel: string, keys?: readonly string[]): Promise<void> {
  if (!listening.has(listener)) return
  const wanted = keys && new Set(keys)
  const waits: Promise<void>[] = []
  for (const notice of sent.values()) {
    if (notice.channel !== channel || notice.heardBy.has(listener)) continue
    if (wanted && !notice.keys.some((key) => wanted.has(key))) continue
    waits.push(new Promise((resolve) => notice.waiters.add({ listener, resolve })))
  }
  await Promise.all(waits)
}
