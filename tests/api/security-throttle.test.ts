import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { md5Hex } from '../../server/lib/passwords'
import { clearSignInLockout, THROTTLE_POLICY } from '../../server/lib/throttle'
import { createTestApp, createUser, Role, UserStatus, type TestApp } from '../helpers/test-app'

/** Guessing passwords, as an attacker would: in bursts, and through every endpoint that checks one. */
let t: TestApp
const LOCK_SECONDS = THROTTLE_POLICY.lockMs / 1000

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const retryAfterOf = (answer: { body: { data: unknown } }) => (answer.body.data as { retryAfter: number }).retryAfter

describe('sign-in under a burst', () => {
  it('evaluates at most maxPerUsername of 40 concurrent attempts, and the right password sent late gets no session', async () => {
    await createUser(t.db, { username: 'burst', password: 'Burst1234', role: Role.OFFICIAL })
    const rightAt = 35
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.login('burst', i === rightAt ? 'Burst1234' : `Wrong${1000 + i}`, '198.51.100.1'),
      ),
    )
    const codes = answers.map((a) => a.body.code)
    // Only attempts that got through the counter are answered with a verdict on the password.
    const evaluated = codes.filter((code) => code !== 42900)
    expect(evaluated.length).toBeGreaterThan(0)
    expect(evaluated.length).toBeLessThanOrEqual(THROTTLE_POLICY.maxPerUsername)
    expect(codes).not.toContain(20000)
    expect(codes[rightAt]).toBe(42900)
    expect(answers.find((a) => a.body.code === 42900)?.headers.get('retry-after')).toBe(String(LOCK_SECONDS))
    // The failures that were evaluated lock the account, from any address.
    expect((await t.login('burst', 'Burst1234', '198.51.100.2')).body.code).toBe(42900)
    t.time.advance(THROTTLE_POLICY.lockMs + 1000)
    expect((await t.login('burst', 'Burst1234', '198.51.100.2')).body.code).toBe(20000)
  })

  it('evaluates every attempt of a burst within the limit, the right one included', async () => {
    await createUser(t.db, { username: 'early', password: 'Early1234', role: Role.OFFICIAL })
    const size = THROTTLE_POLICY.maxPerUsername
    const answers = await Promise.all(
      Array.from({ length: size }, (_, i) =>
        t.login('early', i === size - 1 ? 'Early1234' : `Wrong${1000 + i}`, '198.51.100.3'),
      ),
    )
    expect(answers.map((a) => a.body.code)).toEqual([...Array.from({ length: size - 1 }, () => 40100), 20000])
  })
})

describe('npm run clear-lockout', () => {
  it("ends an account's and an address's lockout at once, and only theirs", async () => {
    await createUser(t.db, { username: 'locked', password: 'Locked1234', role: Role.MARKET })
    await createUser(t.db, { username: 'alsolocked', password: 'Locked1234', role: Role.MARKET })
    for (const username of ['locked', 'alsolocked'])
      for (let i = 0; i < THROTTLE_POLICY.maxPerUsername; i++)
        await t.login(username, `Wrong${1000 + i}`, '198.51.100.20')
    expect((await t.login('locked', 'Locked1234', '198.51.100.21')).body.code).toBe(42900)
    await clearSignInLockout(t.db, 'LOCKED')
    expect((await t.login('locked', 'Locked1234', '198.51.100.21')).body.code).toBe(20000)
    expect((await t.login('alsolocked', 'Locked1234', '198.51.100.21')).body.code).toBe(42900)

    const address = '198.51.100.22'
    for (let i = 0; i < THROTTLE_POLICY.maxPerAddress; i++) await t.login(`nobody${i}`, 'Wrong1234', address)
    expect((await t.login('locked', 'Locked1234', address)).body.code).toBe(42900)
    await clearSignInLockout(t.db, 'nobody0', address)
    expect((await t.login('locked', 'Locked1234', address)).body.code).toBe(20000)
  })
})

describe('one address, many people (an office behind NAT)', () => {
  it('is not locked by its own successful sign-ins, only by its failures', async () => {
    const address = '203.0.113.10'
    for (let i = 0; i < 3; i++)
      await createUser(t.db, { username: `clerk${i}`, password: 'Clerk1234', role: Role.MARKET })
    // More successes than the address allows attempts, with a few typos among them.
    for (let i = 0; i < THROTTLE_POLICY.maxPerAddress + 5; i++) {
      if (i % 10 === 5) expect((await t.login(`clerk${i % 3}`, 'Typo1234', address)).body.code).toBe(40100)
      expect((await t.login(`clerk${i % 3}`, 'Clerk1234', address)).body.code).toBe(20000)
    }
    t.time.advance(THROTTLE_POLICY.lockMs + 1000)
  })

  it('does not count a right password for a frozen account as a guess', async () => {
    const address = '203.0.113.11'
    await createUser(t.db, { username: 'iced', password: 'Iced12345', role: Role.MARKET, status: UserStatus.FROZEN })
    for (let i = 0; i < THROTTLE_POLICY.maxPerUsername + 2; i++)
      expect((await t.login('iced', 'Iced12345', address)).body.code).toBe(40300)
  })
})

describe('POST /api/user/password', () => {
  const change = (token: string, oldPassword: string, address: string) =>
    t.call('/api/user/password', {
      token,
      address,
      body: { oldPassword: md5Hex(oldPassword), newPassword: md5Hex('Fresh12345') },
    })

  it('answers 40000 to wrong current passwords until the limit, then 42900 even to the right one, until the lock ends', async () => {
    await createUser(t.db, { username: 'oracle', password: 'Oracle123', role: Role.MARKET })
    const token = await t.tokenFor('oracle', 'Oracle123')
    for (let i = 0; i < THROTTLE_POLICY.maxPerUsername; i++) {
      // A different address each time: the limit is per account.
      const wrong = await change(token, `Guess${1000 + i}`, `192.0.2.${i}`)
      expect(wrong.body).toMatchObject({ code: 40000, msg: 'The current password is wrong' })
    }
    const locked = await change(token, 'Oracle123', '192.0.2.100')
    expect(locked.status).toBe(429)
    expect(locked.body).toMatchObject({ code: 42900, msg: 'Too many wrong current passwords. Try again in 15 min.' })
    expect(retryAfterOf(locked)).toBe(LOCK_SECONDS)
    expect(locked.headers.get('retry-after')).toBe(String(LOCK_SECONDS))
    t.time.advance(THROTTLE_POLICY.lockMs + 1000)
    expect((await change(token, 'Oracle123', '192.0.2.100')).body.code).toBe(20000)
  })

  it('evaluates at most maxPerUsername of a concurrent burst', async () => {
    await createUser(t.db, { username: 'oracle2', password: 'Oracle123', role: Role.MARKET })
    const token = await t.tokenFor('oracle2', 'Oracle123')
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => change(token, i === 15 ? 'Oracle123' : `Guess${1000 + i}`, '192.0.2.200')),
    )
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((code) => code !== 42900).length).toBeLessThanOrEqual(THROTTLE_POLICY.maxPerUsername)
    expect(codes[15]).toBe(42900)
    t.time.advance(THROTTLE_POLICY.lockMs + 1000)
  })

  it('counts guesses from one address against sign-in too', async () => {
    const address = '192.0.2.250'
    await createUser(t.db, { username: 'oracle3', password: 'Oracle123', role: Role.MARKET })
    const token = await t.tokenFor('oracle3', 'Oracle123')
    for (let i = 0; i < THROTTLE_POLICY.maxPerAddress; i++) await t.login(`nobody${i}`, 'Guess1234', address)
    expect((await change(token, 'Oracle123', address)).body.code).toBe(42900)
    t.time.advance(THROTTLE_POLICY.lockMs + 1000)
  })
})

describe('a password reset', () => {
  it('lifts the account lock so the new password works at once', async () => {
    const uk = await createUser(t.db, { username: 'forgetful', password: 'Forget123', role: Role.MARKET })
    await createUser(t.db, { username: 'staff', password: 'Staff1234', role: Role.OFFICIAL })
    for (let i = 0; i < THROTTLE_POLICY.maxPerUsername; i++)
      await t.login('forgetful', `Guess${1000 + i}`, `192.0.2.${i}`)
    expect((await t.login('forgetful', 'Forget123', '192.0.2.99')).body.code).toBe(42900)
    const official = await t.tokenFor('staff', 'Staff1234')
    const reset = await t.call<{ clearPwd: string }>('/api/user/reset/clearpwd', { token: official, body: { uk } })
    expect((await t.login('forgetful', reset.body.data.clearPwd, '192.0.2.99')).body.code).toBe(20000)
  })
})
