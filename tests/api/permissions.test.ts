import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API_ROLES } from '../../contract/access'
import { markets, users } from '../../server/db/schema'
import { createTestApp, createUser, Role, UserStatus, type TestApp } from '../helpers/test-app'
import { marketInput } from '../helpers/market-input'

/**
 * DESIGN §10: every API route in one table, walked for every kind of caller. A route added to the
 * server without a row here fails the coverage test below.
 */
type Caller = 'anonymous' | 'frozen' | 'official' | 'market' | 'otherMarket'
type Row = { method: string; path: string; body?: unknown; allowed: readonly Caller[]; device?: true }

/** The signed-in callers an API area lets in, from the one declaration the server's routes use too. */
const signedIn = (area: keyof typeof API_ROLES): readonly Caller[] => {
  const roles: readonly number[] = API_ROLES[area]
  return [
    ...(roles.includes(Role.OFFICIAL) ? (['official'] as const) : []),
    ...(roles.includes(Role.MARKET) ? (['market', 'otherMarket'] as const) : []),
  ]
}
const PUBLIC = ['anonymous', 'frozen', 'official', 'market', 'otherMarket'] as const
const MARKET_ID = ':marketId'

const TABLE: Row[] = [
  { method: 'GET', path: '/api/health', allowed: PUBLIC },
  { method: 'POST', path: '/api/user/login', body: { username: 'nobody', password: '0'.repeat(32) }, allowed: PUBLIC },
  { method: 'POST', path: '/api/user/info', allowed: signedIn('user') },
  { method: 'POST', path: '/api/user/menu', allowed: signedIn('user') },
  {
    method: 'POST',
    path: '/api/user/password',
    body: { oldPassword: '0'.repeat(32), newPassword: '1'.repeat(32) },
    allowed: signedIn('user'),
  },
  { method: 'POST', path: '/api/user/reset/clearpwd', body: { uk: 'nobody' }, allowed: signedIn('user') },
  { method: 'GET', path: '/api/messages?type=notice', allowed: signedIn('messages') },
  { method: 'GET', path: '/api/messages/unread-counts', allowed: signedIn('messages') },
  {
    method: 'POST',
    path: '/api/messages/read',
    body: { ids: ['11111111-1111-4111-8111-111111111111'] },
    allowed: signedIn('messages'),
  },
  { method: 'POST', path: '/api/messages/read-all', body: { type: 'todo' }, allowed: signedIn('messages') },
  { method: 'GET', path: '/api/markets', allowed: signedIn('markets') },
  { method: 'GET', path: '/api/markets/options', allowed: signedIn('markets') },
  { method: 'GET', path: '/api/markets/username-available?username=0316123456', allowed: signedIn('markets') },
  { method: 'POST', path: '/api/markets', body: { name: '' }, allowed: signedIn('markets') },
  { method: 'GET', path: `/api/markets/${MARKET_ID}`, allowed: signedIn('markets') },
  { method: 'PUT', path: `/api/markets/${MARKET_ID}`, body: { name: '' }, allowed: signedIn('markets') },
  { method: 'POST', path: `/api/markets/${MARKET_ID}/freeze`, allowed: signedIn('markets') },
  { method: 'POST', path: `/api/markets/${MARKET_ID}/unfreeze`, allowed: signedIn('markets') },
  { method: 'POST', path: `/api/markets/${MARKET_ID}/reset-password`, allowed: signedIn('markets') },
  // A market id as the merchant id (no such merchant: 40400), as for the thumbnail below.
  { method: 'GET', path: '/api/merchants', allowed: signedIn('merchants') },
  { method: 'GET', path: '/api/merchants/export', allowed: signedIn('merchants') },
  { method: 'POST', path: '/api/merchants', body: { name: '' }, allowed: signedIn('merchants') },
  { method: 'GET', path: `/api/merchants/${MARKET_ID}`, allowed: signedIn('merchants') },
  { method: 'PUT', path: `/api/merchants/${MARKET_ID}`, body: { name: '' }, allowed: signedIn('merchants') },
  { method: 'POST', path: `/api/merchants/${MARKET_ID}/leave`, allowed: signedIn('merchants') },
  { method: 'POST', path: `/api/merchants/${MARKET_ID}/return`, allowed: signedIn('merchants') },
  { method: 'POST', path: `/api/merchants/${MARKET_ID}/reset-password`, allowed: signedIn('merchants') },
  { method: 'GET', path: '/api/devices', allowed: signedIn('devices') },
  { method: 'POST', path: '/api/devices', body: { code: '' }, allowed: signedIn('devices') },
  { method: 'POST', path: `/api/devices/${MARKET_ID}/unbind`, allowed: signedIn('devices') },
  { method: 'POST', path: `/api/devices/${MARKET_ID}/rotate-secret`, allowed: signedIn('devices') },
  { method: 'GET', path: '/api/stream', allowed: signedIn('dashboard') },
  ...['today', 'daily', 'ranking', 'passengers', 'minutes', 'methods', 'transactions', 'tests'].map((widget) => ({
    method: 'GET',
    path: `/api/dashboard/${widget}`,
    allowed: signedIn('dashboard'),
  })),
  // The device API takes a device's code and secret, never a console session: every caller here is refused.
  { method: 'POST', path: '/api/device/v1/heartbeat', allowed: [], device: true },
  { method: 'POST', path: '/api/device/v1/events', body: { events: [] }, allowed: [], device: true },
  { method: 'POST', path: '/api/files', allowed: signedIn('files') },
  { method: 'GET', path: '/api/files/11111111-1111-4111-8111-111111111111', allowed: signedIn('files') },
  { method: 'GET', path: `/api/files/${MARKET_ID}/thumbnail`, allowed: signedIn('files') }, // a market id as the file id (no such file: 40400); the coverage check needs the placeholder
  { method: 'GET', path: '/api/openapi.json', allowed: PUBLIC },
  { method: 'GET', path: '/api/docs', allowed: PUBLIC },
  { method: 'GET', path: '/api/docs/assets/init.js', allowed: PUBLIC },
  // Last: it ends the caller's session.
  { method: 'POST', path: '/api/user/logout', allowed: signedIn('user') },
]

let t: TestApp
let marketId: string
const tokens: Partial<Record<Caller, string>> = {}

beforeAll(async () => {
  t = await createTestApp()
  await createUser(t.db, { username: 'official', password: 'Official123', role: Role.OFFICIAL })
  tokens.official = await t.tokenFor('official', 'Official123')
  await t.call('/api/markets', { token: tokens.official, body: marketInput(1) })
  tokens.market = await t.tokenFor('0316100001', 'Market123')
  // The market the market routes act on (frozen, reset…) is not one whose operator is a caller here.
  const target = await t.call<{ id: string }>('/api/markets', { token: tokens.official, body: marketInput(2) })
  marketId = target.body.data.id
  const [other] = await t.db.insert(markets).values({ name: 'Other' }).returning()
  await createUser(t.db, { username: '0399555', password: 'Market123', role: Role.MARKET, marketId: other!.id })
  tokens.otherMarket = await t.tokenFor('0399555', 'Market123')
  const frozenUk = await createUser(t.db, { username: 'to-freeze', password: 'Frozen123', role: Role.OFFICIAL })
  tokens.frozen = await t.tokenFor('to-freeze', 'Frozen123')
  await t.db.update(users).set({ status: UserStatus.FROZEN }).where(eq(users.uk, frozenUk))
  t.time.advance(6_000) // past the session cache window
})
afterAll(async () => {
  await t.close()
})

const concrete = (path: string) => path.replace(MARKET_ID, marketId)

describe('permission table', () => {
  it('lists every API route the server has', () => {
    const served = new Set(
      t.app.routes
        .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL' && !route.path.includes('*'))
        .map((route) => `${route.method} ${route.path.replace(/:id\b/, MARKET_ID).replace(/\/$/, '')}`),
    )
    const listed = new Set(
      TABLE.map((row) => `${row.method} ${row.path.split('?')[0]!.replace(/\/[0-9a-f-]{36}$/, `/${MARKET_ID}`)}`),
    )
    const unlisted = [...served].filter((route) => !listed.has(route) && !route.includes('/docs/assets/:file'))
    expect(unlisted).toEqual([])
  })

  const callers: Caller[] = ['anonymous', 'frozen', 'official', 'market', 'otherMarket']
  it.each(TABLE.flatMap((row) => callers.map((caller) => [row.method, row.path, caller, row] as const)))(
    '%s %s as %s',
    async (method, path, caller, row) => {
      const token = tokens[caller]
      let code: number
      if (path.startsWith('/api/docs')) {
        // Pages, not JSON answers.
        code =
          (await t.app.request(path, token ? { headers: { Authorization: token } } : {})).status === 200 ? 20000 : 0
      } else if (path === '/api/stream') {
        // An endless event stream when let through (closed at once here), a JSON refusal otherwise.
        const response = await t.request(path, { method, ...(token ? { token } : {}) })
        const stream = response.headers.get('Content-Type')?.startsWith('text/event-stream')
        code = stream ? 20000 : ((await response.json()) as { code: number }).code
        if (stream) await response.body?.cancel()
      } else if (path.endsWith('/export')) {
        // A CSV file when let through, a JSON refusal otherwise.
        const response = await t.request(path, { method, ...(token ? { token } : {}) })
        code = response.headers.get('Content-Type')?.startsWith('text/csv')
          ? 20000
          : ((await response.json()) as { code: number }).code
      } else {
        const answer =
          path === '/api/files' && method === 'POST'
            ? await t.upload(new Uint8Array([1, 2, 3]), token ? { token } : {})
            : await t.call(concrete(path), { method, body: row.body, ...(token ? { token } : {}) })
        code = answer.body.code
      }
      if (row.device) {
        expect(code, `${caller}'s session is not a device's credentials`).toBe(40100)
      } else if (row.allowed.includes(caller)) {
        // Allowed callers may still get a business answer (bad input, not found, wrong password), never a refusal.
        expect([1001, 40300], `${caller} should be let through`).not.toContain(code)
      } else {
        expect(code, `${caller} should be refused`).toBe(
          caller === 'anonymous' ? 1001 : caller === 'frozen' ? 1002 : 40300,
        )
      }
    },
  )
})
