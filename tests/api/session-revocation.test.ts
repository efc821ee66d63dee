import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { createTestApp, createUser, Role, XSRF, type TestApp } from '../helpers/test-app'
import { marketInput } from '../helpers/market-input'

/** Two instances of the server on one database, each with its own session cache. */
let t: TestApp
let other: ReturnType<typeof createApp>

beforeAll(async () => {
  t = await createTestApp()
  other = createApp({
    db: t.db,
    events: t.events,
    clock: t.time.clock,
    logger: pino({ level: 'silent' }),
    config: {
      sessionTtlSeconds: 3600,
      sessionMaxAgeSeconds: 7 * 86400,
      trustProxy: 1,
      clientDir: null,
      secureCookies: false,
    },
  })
})
afterAll(async () => {
  await t.close()
})

const infoOnOther = async (token: string) => {
  const response = await other.request('/api/user/info', {
    method: 'POST',
    headers: { Authorization: token, Cookie: `XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': XSRF },
  })
  return ((await response.json()) as { code: number }).code
}

describe('session revocations across instances', () => {
  it('a market frozen on one instance is signed out at once on the other', async () => {
    await createUser(t.db, { username: 'official', password: 'Official123', role: Role.OFFICIAL })
    const official = await t.tokenFor('official', 'Official123')
    const created = await t.call<{ id: string }>('/api/markets', { token: official, body: marketInput(1) })
    const operator = await t.tokenFor('0316100001', 'Market123')
    // The other instance has the session in its cache now.
    expect(await infoOnOther(operator)).toBe(20000)
    expect((await t.call(`/api/markets/${created.body.data.id}/freeze`, { token: official })).body.code).toBe(20000)
    // No clock movement: only the broadcast can make the other instance forget it.
    // The console is told why: the account was frozen (1002), not that its login expired.
    await expect.poll(() => infoOnOther(operator), { timeout: 3000, interval: 50 }).toBe(1002)
    const here = await t.call('/api/user/info', { token: operator, locale: 'en-US' })
    expect(here.status).toBe(401)
    expect(here.body).toMatchObject({ code: 1002, msg: expect.stringContaining('frozen by the platform staff') })
    // Unfrozen, the old session stays over (1001): the operator signs in again.
    expect((await t.call(`/api/markets/${created.body.data.id}/unfreeze`, { token: official })).body.code).toBe(20000)
    expect((await t.call('/api/user/info', { token: operator })).body.code).toBe(1001)
    expect((await t.call('/api/user/info', { token: await t.tokenFor('0316100001', 'Market123') })).body.code).toBe(
      20000,
    )
  })

  it('a logout on one instance ends the session on the other (its cache had it)', async () => {
    await createUser(t.db, { username: 'leaver', password: 'Official123', role: Role.OFFICIAL })
    const token = await t.tokenFor('leaver', 'Official123')
    expect(await infoOnOther(token)).toBe(20000)
    expect((await t.call('/api/user/logout', { token })).body.code).toBe(20000)
    // No clock movement: the other instance's 5 s cache would keep the token without the NOTIFY.
    await expect.poll(() => infoOnOther(token), { timeout: 3000, interval: 50 }).toBe(1001)
  })

  it('the logout is answered only once the revocation came back, so a late instance has it too', async () => {
    // Both hear every notice late, the writer later than the reader: as when the answer would leave
    // at the commit and the next request reach an instance whose event loop had not read it yet.
    const writer = await createTestApp({ sameDatabaseAs: t, noticesLateMs: 300 })
    const reader = await createTestApp({ sameDatabaseAs: t, noticesLateMs: 100 })
    try {
      await createUser(t.db, { username: 'late-leaver', password: 'Official123', role: Role.OFFICIAL })
      const token = await t.tokenFor('late-leaver', 'Official123')
      expect((await reader.call('/api/user/info', { token })).body.code).toBe(20000)
      const asked = performance.now()
      expect((await writer.call('/api/user/logout', { token })).body.code).toBe(20000)
      expect(performance.now() - asked, 'answered after hearing its notice').toBeGreaterThanOrEqual(250)
      // At once, no polling: the reader's cache (5 s) would still have the session without the wait.
      expect((await reader.call('/api/user/info', { token })).body.code).toBe(1001)
    } finally {
      await Promise.all([writer.close(), reader.close()])
    }
  })

  it('a token that never was a session is 1001, not 1002', async () => {
    expect(await infoOnOther('not-a-token')).toBe(1001)
  })
})
