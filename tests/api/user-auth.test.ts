import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { markets, sessions, users } from '../../server/db/schema'
import { md5Hex, verifyPassword } from '../../server/lib/passwords'
import { THROTTLE_POLICY } from '../../server/lib/throttle'
import { createTestApp, createUser, Role, UserStatus, type TestApp } from '../helpers/test-app'

let t: TestApp
let marketId: string
let otherMarketId: string
const TTL = 3600

beforeAll(async () => {
  t = await createTestApp({ sessionTtlSeconds: TTL })
  const [a] = await t.db.insert(markets).values({ name: 'Market A' }).returning()
  const [b] = await t.db.insert(markets).values({ name: 'Market B' }).returning()
  marketId = a!.id
  otherMarketId = b!.id
  await createUser(t.db, { username: 'official', password: 'Official123', role: Role.OFFICIAL })
  await createUser(t.db, { username: '0314888', password: 'Market123', role: Role.MARKET, marketId })
  await createUser(t.db, { username: '0311601', password: 'Market123', role: Role.MARKET, marketId: otherMarketId })
  await createUser(t.db, {
    username: 'frozen',
    password: 'Frozen123',
    role: Role.MARKET,
    status: UserStatus.FROZEN,
    marketId,
  })
  await createUser(t.db, { username: 'stallholder', password: 'Merchant123', role: Role.MERCHANT, marketId })
})
afterAll(async () => {
  await t.close()
})

describe('POST /api/user/login', () => {
  it('signs in with the MD5 of the password and returns an opaque token', async () => {
    const answer = await t.login('official', 'Official123')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ code: 20000, isSuccess: true })
    expect(answer.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Only a hash of the token is kept.
    const stored = await t.db.select().from(sessions)
    expect(stored.some((s) => s.tokenHash === answer.body.data.token)).toBe(false)
  })

  it('refuses a wrong password with 40100 and a clear message', async () => {
    const answer = await t.login('0314888', 'Wrong123')
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ code: 40100, isSuccess: false, msg: 'Account or password wrong' })
  })

  it('answers an unknown username exactly like a wrong password', async () => {
    const answer = await t.login('nobody', 'Wrong123')
    expect(answer.body).toMatchObject({ code: 40100, msg: 'Account or password wrong' })
  })

  it('refuses a plain password (not an MD5 hex)', async () => {
    const answer = await t.call('/api/user/login', { body: { username: 'official', password: 'Official123' } })
    expect(answer.body.code).toBe(40000)
  })

  it('says which field is empty, in the caller language', async () => {
    const en = await t.call<{ field: string; message: string }[]>('/api/user/login', {
      body: { username: ' ', password: '' },
    })
    expect(en.status).toBe(400)
    expect(en.body.code).toBe(40000)
    expect(en.body.data).toEqual([
      { field: 'username', message: 'Username cannot be empty' },
      { field: 'password', message: 'Password cannot be empty' },
    ])
    const zh = await t.call<{ field: string; message: string }[]>('/api/user/login', {
      body: { username: '', password: md5Hex('x') },
      locale: 'zh-CN',
    })
    expect(zh.body.msg).toBe('用户名不能为空')
  })

  it('treats missing fields as empty', async () => {
    const answer = await t.call<{ field: string }[]>('/api/user/login', { body: {} })
    expect(answer.body.code).toBe(40000)
    expect(answer.body.data.map((e) => e.field)).toEqual(['username', 'password'])
  })

  it('refuses a frozen account with its own message', async () => {
    const answer = await t.login('frozen', 'Frozen123')
    expect(answer.body).toMatchObject({ code: 40300, msg: 'This account is frozen. Contact the platform staff.' })
  })

  it('refuses an account with no console role', async () => {
    const answer = await t.login('stallholder', 'Merchant123')
    expect(answer.body).toMatchObject({ code: 40300, msg: 'This account cannot sign in to the console' })
  })
})

describe('sign-in lockout', () => {
  it('locks a username after repeated failures with 42900 and a wait time, then lets it in after the wait', async () => {
    const name = 'locktarget'
    await createUser(t.db, { username: name, password: 'Target123', role: Role.MARKET, marketId })
    for (let i = 0; i < THROTTLE_POLICY.maxPerUsername; i++) {
      const answer = await t.login(name, 'Nope1234', `10.0.0.${i}`)
      expect(answer.body.code).toBe(40100)
    }
    const locked = await t.login(name, 'Target123', '10.0.1.1')
    expect(locked.status).toBe(429)
    expect(locked.body.code).toBe(42900)
    expect((locked.body.data as unknown as { retryAfter: number }).retryAfter).toBe(THROTTLE_POLICY.lockMs / 1000)
    expect(locked.headers.get('retry-after')).toBe(String(THROTTLE_POLICY.lockMs / 1000))
    expect(locked.body.msg).toBe('Too many failed sign-ins. Try again in 15 min.')
    t.time.advance(THROTTLE_POLICY.lockMs + 1000)
    expect((await t.login(name, 'Target123', '10.0.1.1')).body.code).toBe(20000)
  })

  it('locks an address that guesses across many usernames', async () => {
    const address = '192.0.2.77'
    for (let i = 0; i < THROTTLE_POLICY.maxPerAddress; i++) {
      await t.login(`guess${i}`, 'Nope1234', address)
    }
    expect((await t.login('official', 'Official123', address)).body.code).toBe(42900)
    expect((await t.login('official', 'Official123', '192.0.2.78')).body.code).toBe(20000)
    t.time.advance(THROTTLE_POLICY.lockMs + 1000)
  })
})

describe('sessions', () => {
  it('returns the user record for a live token', async () => {
    const token = await t.tokenFor('0314888', 'Market123')
    const answer = await t.call<Record<string, unknown>>('/api/user/info', { token })
    expect(answer.body.code).toBe(20000)
    expect(answer.body.data).toMatchObject({
      username: '0314888',
      role: 51,
      status: 1,
      marketId,
      official: false,
      avatar: null,
    })
    expect(answer.body.data.registerTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })

  it('accepts the token with or without the Bearer prefix', async () => {
    const token = await t.tokenFor('official', 'Official123')
    expect((await t.call('/api/user/info', { token: `Bearer ${token}` })).body.code).toBe(20000)
  })

  it('answers 1001 without a token, with an unknown token, and after inactivity', async () => {
    expect((await t.call('/api/user/info')).body.code).toBe(1001)
    const unknown = await t.call('/api/user/info', { token: 'not-a-token' })
    expect(unknown.status).toBe(401)
    expect(unknown.body.code).toBe(1001)
    const token = await t.tokenFor('official', 'Official123')
    t.time.advance((TTL - 10) * 1000)
    // Activity slides the expiry forward.
    expect((await t.call('/api/user/info', { token })).body.code).toBe(20000)
    t.time.advance((TTL - 10) * 1000)
    expect((await t.call('/api/user/info', { token })).body.code).toBe(20000)
    t.time.advance((TTL + 1) * 1000)
    expect((await t.call('/api/user/info', { token })).body.code).toBe(1001)
  })

  it('logout revokes the token', async () => {
    const token = await t.tokenFor('official', 'Official123')
    expect((await t.call('/api/user/logout', { token })).body.code).toBe(20000)
    expect((await t.call('/api/user/info', { token })).body.code).toBe(1001)
  })

  it('ends the sessions of an account frozen elsewhere within the session cache window', async () => {
    const uk = await createUser(t.db, { username: 'tofreeze', password: 'Freeze123', role: Role.MARKET, marketId })
    const token = await t.tokenFor('tofreeze', 'Freeze123')
    expect((await t.call('/api/user/info', { token })).body.code).toBe(20000)
    // Another instance (or an operator in SQL) freezes the account: this one notices within seconds.
    await t.db.update(users).set({ status: UserStatus.FROZEN }).where(eq(users.uk, uk))
    t.time.advance(5_001)
    // 1002, not 1001: the console says the account was frozen rather than that the login expired.
    expect((await t.call('/api/user/info', { token })).body.code).toBe(1002)
  })
})

describe('POST /api/user/menu', () => {
  it('gives OFFICIAL every area in menu order', async () => {
    const token = await t.tokenFor('official', 'Official123')
    const answer = await t.call<{ name: string; order: number }[]>('/api/user/menu', { token })
    expect(answer.body.data.map((m) => m.name)).toEqual([
      'dashboard',
      'market',
      'merchant',
      'device',
      'transaction',
      'statement',
      'pesticideTest',
      'complaint',
      'system',
      'audit',
    ])
  })

  it('lists for MARKET only what it may open: of the market area its own market page (hidden: the side menu shows no group), no System page', async () => {
    const token = await t.tokenFor('0314888', 'Market123')
    const answer = await t.call<{ name: string; children: { name: string }[] }[]>('/api/user/menu', { token })
    expect(answer.body.data.map((m) => m.name)).toEqual([
      'dashboard',
      'market',
      'merchant',
      'device',
      'transaction',
      'statement',
      'pesticideTest',
      'complaint',
      'audit',
    ])
    expect(answer.body.data[1]?.children).toEqual([
      { name: 'MarketDetail', path: '/market/$marketId', hideInMenu: true },
    ])
    expect(answer.body.data[0]?.children.map((c) => c.name)).toEqual(['Workplace'])
  })
})

describe('POST /api/user/password', () => {
  it('changes the own password, keeps this session and ends the others', async () => {
    await createUser(t.db, { username: 'changer', password: 'Change123', role: Role.MARKET, marketId })
    const current = await t.tokenFor('changer', 'Change123')
    const other = await t.tokenFor('changer', 'Change123')
    const wrong = await t.call('/api/user/password', {
      token: current,
      body: { oldPassword: md5Hex('Nope1234'), newPassword: md5Hex('Newpass123') },
    })
    expect(wrong.body).toMatchObject({ code: 40000, msg: 'The current password is wrong' })
    const same = await t.call('/api/user/password', {
      token: current,
      body: { oldPassword: md5Hex('Change123'), newPassword: md5Hex('Change123') },
    })
    expect(same.body.code).toBe(40000)
    const answer = await t.call('/api/user/password', {
      token: current,
      body: { oldPassword: md5Hex('Change123'), newPassword: md5Hex('Newpass123') },
    })
    expect(answer.body.code).toBe(20000)
    expect((await t.call('/api/user/info', { token: current })).body.code).toBe(20000)
    expect((await t.call('/api/user/info', { token: other })).body.code).toBe(1001)
    expect((await t.login('changer', 'Change123')).body.code).toBe(40100)
    expect((await t.login('changer', 'Newpass123')).body.code).toBe(20000)
  })
})

describe('POST /api/user/reset/clearpwd', () => {
  it('lets OFFICIAL reset an account: a policy-meeting password, shown once, stored only as a hash, and old sessions end', async () => {
    const uk = await createUser(t.db, { username: '0399001', password: 'Market123', role: Role.MARKET, marketId })
    const victimToken = await t.tokenFor('0399001', 'Market123')
    const token = await t.tokenFor('official', 'Official123')
    const answer = await t.call<{ clearPwd: string }>('/api/user/reset/clearpwd', { token, body: { uk } })
    expect(answer.body.code).toBe(20000)
    const { clearPwd } = answer.body.data
    expect(clearPwd).toMatch(/[a-z]/)
    expect(clearPwd).toMatch(/[A-Z]/)
    expect(clearPwd).toMatch(/\d/)
    expect(clearPwd.length).toBeGreaterThanOrEqual(6)
    const [row] = await t.db.select().from(users).where(eq(users.uk, uk))
    expect(row!.passwordHash).not.toContain(clearPwd)
    expect(await verifyPassword(md5Hex(clearPwd), row!.passwordHash)).toBe(true)
    expect((await t.call('/api/user/info', { token: victimToken })).body.code).toBe(1001)
    expect((await t.login('0399001', clearPwd)).body.code).toBe(20000)
  })

  it('lets MARKET reset only merchant accounts of its own market', async () => {
    const ownMerchant = await createUser(t.db, {
      username: 'm-own',
      password: 'Merchant123',
      role: Role.MERCHANT,
      marketId,
    })
    const otherMerchant = await createUser(t.db, {
      username: 'm-other',
      password: 'Merchant123',
      role: Role.MERCHANT,
      marketId: otherMarketId,
    })
    const otherOperator = await createUser(t.db, {
      username: '0399002',
      password: 'Market123',
      role: Role.MARKET,
      marketId,
    })
    const token = await t.tokenFor('0314888', 'Market123')
    expect((await t.call('/api/user/reset/clearpwd', { token, body: { uk: ownMerchant } })).body.code).toBe(20000)
    expect((await t.call('/api/user/reset/clearpwd', { token, body: { uk: otherMerchant } })).body.code).toBe(40300)
    expect((await t.call('/api/user/reset/clearpwd', { token, body: { uk: otherOperator } })).body.code).toBe(40300)
  })

  it('refuses an OFFICIAL resetting another OFFICIAL (or itself) with 40300: staff passwords are never handed out in clear', async () => {
    const otherOfficial = await createUser(t.db, {
      username: 'official2',
      password: 'Official123',
      role: Role.OFFICIAL,
    })
    const token = await t.tokenFor('official', 'Official123')
    const answer = await t.call('/api/user/reset/clearpwd', { token, body: { uk: otherOfficial } })
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({
      code: 40300,
      msg: 'Platform staff accounts cannot be reset or frozen from the console',
      data: null,
    })
    const self = (await t.call<{ uk: string }>('/api/user/info', { token })).body.data.uk
    expect((await t.call('/api/user/reset/clearpwd', { token, body: { uk: self } })).body.code).toBe(40300)
    // Nothing changed: the other official still signs in with the old password.
    expect((await t.login('official2', 'Official123')).body.code).toBe(20000)
  })

  it('answers 40400 for an unknown account, 40000 for a missing uk and 1001 when signed out', async () => {
    const token = await t.tokenFor('official', 'Official123')
    expect((await t.call('/api/user/reset/clearpwd', { token, body: { uk: 'nope' } })).body.code).toBe(40400)
    expect((await t.call('/api/user/reset/clearpwd', { token, body: {} })).body.code).toBe(40000)
    expect((await t.call('/api/user/reset/clearpwd', { body: { uk: 'nope' } })).body.code).toBe(1001)
  })
})
