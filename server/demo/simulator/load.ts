import { paymentMethod, saleFen } from '../seed/demo-trading'
import type { Random } from '../seed/random'
import { deviceCall, type DeviceCredentials } from './device-client'

/**
 * Sustained ingest for the bench (bench/devices-ingest.mjs) and `npm run simulate -- --load`: several
 * senders, each with its own devices in turn, post batches of payments as fast as they are answered.
 * Every so often a sender posts its previous batch again, which must come back all duplicates.
 */

export type LoadOptions = {
  base: string
  devices: readonly DeviceCredentials[]
  senders: number
  batchSize: number
  durationMs: number
  /** Every n-th batch of a sender is followed by a resend of it (0: never). */
  resendEvery: number
  random: Random
  /** Before a batch goes (its ids), and when its answer is in. */
  onSend?: (batch: { key: string; ids: string[]; resend: boolean; at: number }) => void
  onAnswer?: (batch: {
    key: string
    ok: boolean
    accepted: number
    duplicates: number
    ms: number
    resend: boolean
  }) => void
}

export type LoadResult = {
  elapsedMs: number
  batches: number
  resent: number
  /** Events the server answered as stored now. */
  accepted: number
  /** Events the server answered as stored before (the resends). */
  duplicates: number
  failed: number
  /** Each answered batch's time from send to answer. */
  latenciesMs: number[]
  /** Distinct event ids answered (accepted or duplicate): what must be stored, once each. */
  answeredIds: number
  /** A resend that came back with anything accepted: a duplicate stored. */
  resendsAccepted: number
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { base, devices, senders, batchSize, durationMs, resendEvery, random } = options
  const runId = Date.now().toString(36)
  const started = performance.now()
  const result: LoadResult = {
    elapsedMs: 0,
    batches: 0,
    resent: 0,
    accepted: 0,
    duplicates: 0,
    failed: 0,
    latenciesMs: [],
    answeredIds: 0,
    resendsAccepted: 0,
  }
  const post = async (device: DeviceCredentials, key: string, events: { id: string }[], resend: boolean) => {
    const ids = events.map((event) => event.id)
    options.onSend?.({ key, ids, resend, at: Date.now() })
    const sent = performance.now()
    const outcome = await deviceCall(base, device, '/events', { events })
    const ms = performance.now() - sent
    if (!outcome.ok) {
      result.failed++
      options.onAnswer?.({ key, ok: false, accepted: 0, duplicates: 0, ms, resend })
      return false
    }
    const { accepted, duplicates } = outcome.result
    result.batches++
    result.latenciesMs.push(ms)
    result.accepted += accepted.length
    result.duplicates += duplicates.length
    if (resend) {
      result.resent++
      if (accepted.length > 0) result.resendsAccepted++
    } else result.answeredIds += accepted.length + duplicates.length
    options.onAnswer?.({ key, ok: true, accepted: accepted.length, duplicates: duplicates.length, ms, resend })
    return true
  }
  const sender = async (s: number) => {
    const own = devices.filter((_, i) => i % senders === s)
    if (own.length === 0) return
    for (let n = 0; performance.now() - started < durationMs; n++) {
      const device = own[n % own.length] as DeviceCredentials
      const key = `L${runId}-${s}-${n}`
      const now = Date.now()
      const events = Array.from({ length: batchSize }, (_, i) => {
        const method = paymentMethod(random)
        return {
          id: `${key}-${i}`,
          type: 'payment',
          amountFen: saleFen(random, 'vegetables', method),
          method,
          paidAt: new Date(now - (batchSize - i) * 100).toISOString(),
        }
      })
      const stored = await post(device, key, events, false)
      if (stored && resendEvery > 0 && n % resendEvery === resendEvery - 1) await post(device, key, events, true)
    }
  }
  await Promise.all(Array.from({ length: senders }, (_, s) => sender(s)))
  result.elapsedMs = performance.now() - started
  return result
}
