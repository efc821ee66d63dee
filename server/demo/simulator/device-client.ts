import type { BatchResult, RejectedEvent } from '../../../contract/device-api'

/** How a device calls the device API (docs/device-api.md): HTTP Basic with its code and secret. */

export type DeviceCredentials = { code: string; secret: string }

export type CallOutcome =
  | { ok: true; result: BatchResult }
  /** 40100: wrong, unknown, unbound or revoked; the device must stop calling with this secret. */
  | { ok: false; kind: 'refused' }
  /** 40000 with the events refused (the batch was not stored). */
  | { ok: false; kind: 'rejected'; rejected: RejectedEvent[] }
  /** 42900: too many failed sign-ins from this code or address. */
  | { ok: false; kind: 'throttled'; retryAfterMs: number }
  /** The server answered something else or did not answer: send the batch again later. */
  | { ok: false; kind: 'failed'; detail: string }

const basicAuth = ({ code, secret }: DeviceCredentials) =>
  `Basic ${Buffer.from(`${code}:${secret}`).toString('base64')}`

type Envelope = { code: number; msg: string; data: unknown }

/** One device-API call; never throws (a network failure is an outcome like any other). */
export async function deviceCall(
  base: string,
  device: DeviceCredentials,
  path: '/heartbeat' | '/events',
  body: unknown,
  timeoutMs = 30_000,
): Promise<CallOutcome> {
  let response: Response
  try {
    response = await fetch(`${base}/api/device/v1${path}`, {
      method: 'POST',
      headers: { authorization: basicAuth(device), 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    return { ok: false, kind: 'failed', detail: (error as Error).message }
  }
  let answer: Envelope | null = null
  try {
    answer = (await response.json()) as Envelope
  } catch {
    // not JSON: a proxy's page, a server going down
  }
  if (response.status === 200 && answer?.code === 20000) return { ok: true, result: answer.data as BatchResult }
  if (response.status === 401) return { ok: false, kind: 'refused' }
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after') ?? '60')
    return { ok: false, kind: 'throttled', retryAfterMs: (Number.isFinite(seconds) ? seconds : 60) * 1000 }
  }
  if (response.status === 400 && answer && Array.isArray((answer.data as { rejected?: unknown })?.rejected))
    return { ok: false, kind: 'rejected', rejected: (answer.data as { rejected: RejectedEvent[] }).rejected }
  return { ok: false, kind: 'failed', detail: `HTTP ${response.status} ${answer?.msg ?? ''}`.trim() }
}
