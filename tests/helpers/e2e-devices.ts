import type { Page } from 'playwright-core'
import { baseURL, consoleApi } from './browser'

/** Devices in the e2e flows: bound through the console's API as the signed-in user, sending as a device does. */

type DeviceCredentials = { code: string; secret: string }
type DemoMerchant = { id: string; marketId: string; marketName: string; stallNo: string }

/** A batch sent the way a device sends it: HTTP Basic code:secret, no console session. */
export async function sendDeviceEvents(device: DeviceCredentials, events: unknown[]): Promise<void> {
  const response = await fetch(`${baseURL()}/api/device/v1/events`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${device.code}:${device.secret}`).toString('base64')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ events }),
  })
  const answer = (await response.json()) as { code: number; msg: string }
  if (answer.code !== 20000) throw new Error(`device events: ${answer.code} ${answer.msg}`)
}

/** The first active merchant the signed-in user sees (the demo market's, for its operator). */
export async function firstMerchant(page: Page): Promise<DemoMerchant> {
  const merchants = await consoleApi<{ list: DemoMerchant[] }>(page, '/merchants?pageSize=1&status=active')
  const merchant = merchants.list[0]
  if (!merchant) throw new Error('the demo market has no merchant')
  return merchant
}

/** Binds a device with `code` in the merchant's market (an OFFICIAL names it; an operator's is implied). */
export function bindDevice(
  page: Page,
  merchant: DemoMerchant,
  code: string,
  place: { kind: string; merchantId?: string; stallNo?: string },
): Promise<DeviceCredentials> {
  return consoleApi<DeviceCredentials>(page, '/devices', 'POST', { code, marketId: merchant.marketId, ...place })
}

/** A payment terminal of the first active merchant, bound as `code`. */
export async function bindPaymentTerminal(page: Page, code: string): Promise<DeviceCredentials> {
  const merchant = await firstMerchant(page)
  return bindDevice(page, merchant, code, { kind: 'payment_terminal', merchantId: merchant.id })
}
