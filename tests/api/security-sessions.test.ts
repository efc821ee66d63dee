import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { sessions } from '../../server/db/schema'
import { hashSecret, newSecret } from '../../server/lib/tokens'
import { createTestApp, createUser, Role, type TestApp } from '../helpers/test-app'

/** The absolute session lifetime beside the sliding one (OWASP ASVS 3.3.2). */
let t: TestApp
let uk: string
const TTL = 3600
const MAX_AGE = 3 * 3600
const MINUTE = 60_000

beforeAll(async () => {
  t = await createTestApp({ sessionTtlSeconds: TTL, sessionMaxAgeSeconds: MAX_AGE })
  uk = await createUser(t.db, { username: 'busy', password: 'Busy12345', role: Role.OFFICIAL })
})
afterAll(async () => {
  await t.close()
})

const info = async (token: string) => (await t.call('/api/user/info', { token })).body.code

describe('absolute session lifetime', () => {
  it('ends a session at sign-in + SESSION_MAX_AGE however active it is, and renewals never extend past it', async () => {
    const token = await t.tokenFor('busy', 'Busy12345')
    // Used every 50 minutes: the sliding TTL alone would keep it alive for ever.
    for (let i = 0; i < 3; i++) {
      t.time.advance(50 * MINUTE)
      expect(await info(token)).toBe(20000)
    }
    // 2 s before the deadline (150 minutes in): still alive, and now cached with its expiry.
    t.time.advance(MAX_AGE * 1000 - 150 * MINUTE - 2000)
    expect(await info(token)).toBe(20000)
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSecret(token)))
    expect(row!.expiresAt.getTime()).toBe(row!.createdAt.getTime() + MAX_AGE * 1000)
    // Within the cache's 5 s: the cached entry itself ends at the deadline.
    t.time.advance(3000)
    expect(await info(token)).toBe(1001)
  })

  it('refuses a session row signed in longer ago than the current SESSION_MAX_AGE, whatever its expiry says', async () => {
    const token = newSecret()
    const now = t.time.clock().getTime()
    await t.db.insert(sessions).values({
      tokenHash: hashSecret(token),
      userUk: uk,
      // Written under a longer SESSION_MAX_AGE: used a minute ago, expiring in an hour.
      createdAt: new Date(now - MAX_AGE * 1000 - MINUTE),
      lastUsedAt: new Date(now - MINUTE),
      expiresAt: new Date(now + TTL * 1000),
    })
    expect(await info(token)).toBe(1001)
  })

  it('still ends an idle session after the sliding TTL', async () => {
    const token = await t.tokenFor('busy', 'Busy12345')
    t.time.advance(TTL * 1000 + 1000)
    expect(await info(token)).toBe(1001)
  })
})
