import { createHmac } from 'node:crypto'
import type { DeviceKind } from '../../../contract/device-list'

/**
 * The demo devices' secrets, derived from their codes (HMAC-SHA256 under a fixed key), so the
 * simulator can call the device API as them without any secret stored in clear. The key is public:
 * anyone can compute a demo device's secret, which is why only the demo seed ever uses it. A real
 * device gets 256 random bits at binding (server/devices/service.ts) and the demo's devices, once
 * rotated in the console, leave the demo too.
 */
const DEMO_DEVICE_KEY = 'daily-supply demo devices: public, never for a real device'

export function demoDeviceSecret(code: string): string {
  return createHmac('sha256', DEMO_DEVICE_KEY).update(code.toUpperCase()).digest('base64url')
}

const PREFIXES: Record<DeviceKind, string> = {
  payment_terminal: 'POS',
  scale: 'SCL',
  passenger_counter: 'PC',
  pesticide_tester: 'PR',
}

/**
 * A demo device's code: kind, the market operator's username, and the merchant's number (the one in
 * its account name) or the place's: POS-0314888-0012, SCL-0314888-0012, PC-0314888-1, PR-0314888-1.
 */
export const demoDeviceCode = (kind: DeviceKind, operatorUsername: string, n: number) =>
  `${PREFIXES[kind]}-${operatorUsername}-${String(n).padStart(kind === 'payment_terminal' || kind === 'scale' ? 4 : 1, '0')}`

/** Codes only the demo seed makes: the simulator drives these and nothing else. */
export const DEMO_DEVICE_CODE = /^(POS|SCL|PC|PR)-(\d{7})-\d{1,4}$/
