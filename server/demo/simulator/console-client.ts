import { createHash } from 'node:crypto'
import type { DeviceKind } from '../../../contract/device-list'
import type { DeviceList } from '../../../contract/devices'
import type { BusinessCategory } from '../../../contract/merchant-list'
import type { MerchantList } from '../../../contract/merchants'
import { DEMO_ACCOUNTS } from '../seed/demo'
import { DEMO_DEVICE_CODE, demoDeviceSecret } from '../seed/demo-device-secrets'

/**
 * What the simulator reads from the console's API as the demo OFFICIAL: the demo devices (codes the
 * seed made, whose secrets it can derive) and the merchants behind them.
 */

export type DemoDevice = {
  code: string
  secret: string
  kind: DeviceKind
  marketId: string
  /** The operator's username in the code: how --markets names a market. */
  market: string
  stallNo: string
  merchantId: string | null
  category: BusinessCategory | null
}

export type DemoMarket = {
  id: string
  account: string
  devices: DemoDevice[]
  /** Active merchants' stalls, for the test room's samples. */
  stalls: string[]
}

const XSRF = 'simulator'

async function get<T>(base: string, path: string, token: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: token } })
  const answer = (await response.json()) as { code: number; msg: string; data: T }
  if (answer.code !== 20000) throw new Error(`GET ${path}: ${answer.code} ${answer.msg}`)
  return answer.data
}

/** Signs the demo OFFICIAL in (one attempt: a changed password is not guessed at). */
async function signIn(base: string): Promise<string> {
  const { username, password } = DEMO_ACCOUNTS.official
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
    body: JSON.stringify({ username, password: createHash('md5').update(password).digest('hex') }),
  })
  const answer = (await response.json()) as { code: number; msg: string; data: { token: string } }
  if (answer.code !== 20000) throw new Error(`the demo OFFICIAL could not sign in (${answer.code} ${answer.msg})`)
  return answer.data.token
}

/** Every page of a list. */
async function all<T>(base: string, path: string, token: string): Promise<T[]> {
  const rows: T[] = []
  for (let page = 1; ; page++) {
    const { list, total } = await get<{ list: T[]; total: number }>(
      base,
      `${path}${path.includes('?') ? '&' : '?'}pageSize=100&page=${page}`,
      token,
    )
    rows.push(...list)
    if (list.length === 0 || rows.length >= total) return rows
  }
}

/** The demo markets with their demo devices: the README's market first, then by operator username. */
export async function loadDemoMarkets(base: string): Promise<DemoMarket[]> {
  const token = await signIn(base)
  try {
    const listed = await all<DeviceList['list'][number]>(base, '/api/devices?sort=code&order=asc', token)
    const byMarket = new Map<string, DemoMarket>()
    for (const device of listed) {
      const match = DEMO_DEVICE_CODE.exec(device.code)
      if (!match) continue
      const account = match[2] as string
      let market = byMarket.get(device.marketId)
      if (!market) byMarket.set(device.marketId, (market = { id: device.marketId, account, devices: [], stalls: [] }))
      market.devices.push({
        code: device.code,
        secret: demoDeviceSecret(device.code),
        kind: device.kind,
        marketId: device.marketId,
        market: account,
        stallNo: device.stallNo,
        merchantId: device.merchantId,
        category: null,
      })
    }
    for (const market of byMarket.values()) {
      const merchants = await all<MerchantList['list'][number]>(
        base,
        `/api/merchants?market=${market.id}&status=active`,
        token,
      )
      const categories = new Map(merchants.map((merchant) => [merchant.id, merchant.category]))
      for (const device of market.devices)
        device.category = device.merchantId ? (categories.get(device.merchantId) ?? null) : null
      market.stalls = merchants.map((merchant) => merchant.stallNo)
    }
    const first = DEMO_ACCOUNTS.market.username
    return [...byMarket.values()].sort((a, b) =>
      a.account === first ? -1 : b.account === first ? 1 : a.account < b.account ? -1 : 1,
    )
  } finally {
    await fetch(`${base}/api/user/logout`, {
      method: 'POST',
      headers: { authorization: token, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
    }).catch(() => undefined)
  }
}
