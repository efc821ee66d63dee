import type { DeviceKind } from '../../contract/device-list'
import { marketInput } from './market-input'
import { merchantInput } from './merchant-input'
import { basicAuth } from './devices'
import { call, signIn, type ServerProcess } from './server-process'

/** What crash and shutdown tests set up through a server process's API, as the console would. */

export type BoundDevice = { id: string; code: string; secret: string; kind: DeviceKind; marketId: string }
export type WorldMarket = { marketId: string; operatorToken: string; devices: BoundDevice[] }

async function ok<T>(answer: Promise<{ status: number; body: { code: number; msg: string; data: T } }>, what: string) {
  const { body } = await answer
  if (body.code !== 20000) throw new Error(`${what}: ${body.msg}`)
  return body.data
}

/**
 * Market `n`, registered by the OFFICIAL caller, with `terminals` payment terminals (each at a merchant
 * of its own) and `counters` passenger counters, bound by its operator.
 */
export async function marketWithDevices(
  server: ServerProcess,
  officialToken: string,
  n: number,
  { terminals, counters }: { terminals: number; counters: number },
): Promise<WorldMarket> {
  const input = marketInput(n)
  const { id: marketId } = await ok(
    call<{ id: string }>(server, '/markets', { body: input, token: officialToken }),
    `market ${n}`,
  )
  const operatorToken = await signIn(server, input.accountUsername, 'Market123')
  const devices: BoundDevice[] = []
  const bind = async (kind: DeviceKind, place: { merchantId: string | null; stallNo: string }) => {
    const code = `CRASH-${n}-${devices.length + 1}`
    const bound = await ok(
      call<{ id: string; code: string; secret: string }>(server, '/devices', {
        body: { code, kind, ...place },
        token: operatorToken,
      }),
      `device ${code}`,
    )
    devices.push({ ...bound, kind, marketId })
  }
  for (let i = 1; i <= terminals; i++) {
    const { id: merchantId } = await ok(
      call<{ id: string }>(server, '/merchants', { body: merchantInput(n * 100 + i), token: operatorToken }),
      `merchant ${n}-${i}`,
    )
    await bind('payment_terminal', { merchantId, stallNo: '' })
  }
  for (let i = 1; i <= counters; i++) await bind('passenger_counter', { merchantId: null, stallNo: `GATE-${i}` })
  return { marketId, operatorToken, devices }
}

/** A device's batch sent as a device sends it: the HTTP status and, on 200, what was stored. */
export async function sendBatch(
  server: { baseURL: string },
  device: BoundDevice,
  events: readonly unknown[],
): Promise<{ status: number; accepted: string[]; duplicates: string[] }> {
  const answer = await call<{ accepted: string[]; duplicates: string[] }>(server, '/device/v1/events', {
    body: { events },
    authorization: basicAuth(device.code, device.secret),
  })
  const stored = answer.status === 200 && answer.body.code === 20000 ? answer.body.data : null
  return {
    status: answer.status,
    accepted: stored?.accepted ?? [],
    duplicates: stored?.duplicates ?? [],
  }
}
