import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { auditLog, markets, users } from '../../server/db/schema'
import { md5Hex } from '../../server/lib/passwords'
import { createTestApp, createUser, Role, UserStatus, type TestApp } from '../helpers/test-app'
import { marketInput } from '../helpers/market-input'
import { typedApi } from '../helpers/typed-api'
import { withOfficial, withOperator } from '../helpers/fixtures'

let t: TestApp
let official: string
let operator: string
let frozenToken: string

type Created = { id: string }
type FieldError = { field: string; message: string }

beforeAll(async () => {
  t = await createTestApp()
  await createUser(t.db, { username: 'official', password: 'Official123', role: Role.OFFICIAL })
  official = await t.tokenFor('official', 'Official123')
  const [own] = await t.db.insert(markets).values({ name: 'Operator market' }).returning()
  await createUser(t.db, { username: '0399000', password: 'Market123', role: Role.MARKET, marketId: own!.id })
  operator = await t.tokenFor('0399000', 'Market123')
  const frozenUk = await createUser(t.db, { username: 'frozen-official', password: 'Frozen123', role: Role.OFFICIAL })
  frozenToken = await t.tokenFor('frozen-official', 'Frozen123')
  await t.db.update(users).set({ status: UserStatus.FROZEN }).where(eq(users.uk, frozenUk))
  t.time.advance(6_000) // past the session cache window
})
afterAll(async () => {
  await t.close()
})

const create = (body: unknown, token = official) => t.call<Created | FieldError[]>('/api/markets', { token, body })

describe('registering a market', () => {
  it('creates the market and its MARKET account, which can then sign in', async () => {
    const answer = await create(marketInput(1))
    expect(answer.body.code).toBe(20000)
    const { id } = answer.body.data as Created
    const detail = await t.call<Record<string, unknown>>(`/api/markets/${id}`, { method: 'GET', token: official })
    expect(detail.body.data).toMatchObject({
      id,
      name: '测试农贸市场 1',
      accountUsername: '0316100001',
      accountStatus: 1,
      paymentBank: 'ICBC',
      registeredOn: '2026-03-15',
      stallCount: 120,
    })
    expect(JSON.stringify(detail.body.data)).not.toMatch(/password/i)
    const token = await t.tokenFor('0316100001', 'Market123')
    const info = await t.call<{ role: number; marketId: string }>('/api/user/info', { token })
    expect(info.body.data).toMatchObject({ role: Role.MARKET, marketId: id })
  })

  it('says which fields are missing or wrong, in the caller language', async () => {
    const answer = await create({
      ...marketInput(2),
      name: '',
      creditCode: '91350100M000100Y44',
      stallCount: -1,
      legalPersonPhone: '12345',
      complaintPhone: 'x',
      accountUsername: '314888',
      marketPhotoFileIds: ['a', 'b'],
    })
    expect(answer.body.code).toBe(40000)
    const byField = Object.fromEntries((answer.body.data as FieldError[]).map((e) => [e.field, e.message]))
    expect(byField).toMatchObject({
      name: 'required fields cannot be empty',
      creditCode: 'Not a valid unified social credit code (18 characters with a matching check character)',
      stallCount: 'A whole number of 0 or more',
      legalPersonPhone: 'An 11-digit mainland mobile number',
      complaintPhone: 'A mobile number or a landline with area code, e.g. 0316-1234567',
      accountUsername: 'Area code plus digits, e.g. 0314888',
    })
    expect(Object.keys(byField)).toContain('marketPhotoFileIds.0')
    const zh = await t.call<FieldError[]>('/api/markets', {
      token: official,
      body: { ...marketInput(2), managerName: ' ' },
      locale: 'zh-CN',
    })
    expect(zh.body.msg).toBe('必填项不能为空')
  })

  it("says the limit of a field that is too long, in the caller's language", async () => {
    const long = { ...marketInput(2), name: '菜'.repeat(61), notes: 'x'.repeat(501) }
    const en = await create(long)
    const byField = Object.fromEntries((en.body.data as FieldError[]).map((e) => [e.field, e.message]))
    expect(byField).toMatchObject({ name: 'At most 60 characters', notes: 'At most 500 characters' })
    const zh = await t.call<FieldError[]>('/api/markets', { token: official, body: long, locale: 'zh-CN' })
    expect((zh.body.data as FieldError[]).find((e) => e.field === 'name')?.message).toBe('最多 60 个字符')
  })

  it('refuses more than three market photos and a missing password', async () => {
    const ids = [
      '11111111-1111-4111-8111-111111111111',
      '21111111-1111-4111-8111-111111111111',
      '31111111-1111-4111-8111-111111111111',
      '41111111-1111-4111-8111-111111111111',
    ]
    const tooMany = await create(marketInput(3, { marketPhotoFileIds: ids }))
    expect((tooMany.body.data as FieldError[])[0]).toEqual({
      field: 'marketPhotoFileIds',
      message: 'At most 3 market photos',
    })
    const { password: _p, ...noPassword } = marketInput(3)
    expect((await create(noPassword)).body.code).toBe(40000)
  })

  it('answers 40900 for a taken username or credit code, and leaves no half-made market', async () => {
    const before = (await t.db.select().from(markets)).length
    const sameUsername = await create(marketInput(4, { accountUsername: '0316100001' }))
    expect(sameUsername.status).toBe(409)
    expect(sameUsername.body).toMatchObject({ code: 40900, msg: 'This account username is taken' })
    const sameCode = await create(marketInput(5, { creditCode: marketInput(1).creditCode }))
    expect(sameCode.body).toMatchObject({ code: 40900, msg: 'A market with this credit code is already registered' })
    // A username an operator already uses for something else (not a market account) is taken too.
    expect((await create(marketInput(6, { accountUsername: '0399000' }))).body.code).toBe(40900)
    expect((await t.db.select().from(markets)).length).toBe(before)
  })

  it('an operator is refused before its input is even read', async () => {
    const operator = await withOperator(t, await withOfficial(t), 90)
    expect((await create({ name: '\u0000'.repeat(10) }, operator.token)).body.code).toBe(40300)
  })

  it('rolls the market back when its account cannot be made (atomic)', async () => {
    const before = (await t.db.select().from(markets)).length
    // An unknown photo id fails after both rows were written inside the transaction.
    const answer = await create(marketInput(7, { businessLicenceFileId: '51111111-1111-4111-8111-111111111111' }))
    expect(answer.body).toMatchObject({ code: 40000, msg: 'File not found' })
    expect((await t.db.select().from(markets)).length).toBe(before)
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.username, marketInput(7).accountUsername)),
    ).toEqual([])
  })

  it('checks usernames as the form types them', async () => {
    const check = (username: string) =>
      t.call<{ valid: boolean; available: boolean }>(`/api/markets/username-available?username=${username}`, {
        method: 'GET',
        token: official,
      })
    expect((await check('0316100001')).body.data).toEqual({ valid: true, available: false })
    expect((await check('0316999999')).body.data).toEqual({ valid: true, available: true })
    expect((await check('abc')).body.data).toEqual({ valid: false, available: false })
  })
})

describe('editing a market', () => {
  let id: string
  beforeAll(async () => {
    id = ((await create(marketInput(10))).body.data as Created).id
  })

  it('saves changes without a password and writes an audit row of what changed', async () => {
    const { password: _p, ...fields } = marketInput(10)
    const answer = await t.call(`/api/markets/${id}`, {
      method: 'PUT',
      token: official,
      body: { ...fields, name: '改名后的市场', stallCount: 200 },
    })
    expect(answer.body.code).toBe(20000)
    const detail = await t.call<{ name: string; stallCount: number }>(`/api/markets/${id}`, {
      method: 'GET',
      token: official,
    })
    expect(detail.body.data).toMatchObject({ name: '改名后的市场', stallCount: 200 })
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.recordId, id))
    expect(rows.map((r) => r.action).sort()).toEqual(['edit', 'register'])
    const update = rows.find((r) => r.action === 'edit')!
    expect(update).toMatchObject({ area: 'market', marketId: id })
    expect(update.changes).toEqual({
      name: { before: '测试农贸市场 10', after: '改名后的市场' },
      stallCount: { before: '120', after: '200' },
    })
    expect(JSON.stringify(rows)).not.toMatch(/password|scrypt/i)
  })

  it('never lets the payment bank change (40900)', async () => {
    const { password: _p, ...fields } = marketInput(10)
    const answer = await t.call(`/api/markets/${id}`, {
      method: 'PUT',
      token: official,
      body: { ...fields, paymentBank: 'BOC' },
    })
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({
      code: 40900,
      msg: 'The payment bank cannot be changed once the market is registered',
      // The field is named, in words, so the form can show it on the bank.
      data: [{ field: 'paymentBank', message: 'The payment bank cannot be changed once the market is registered' }],
    })
  })

  it('renames the account when the new username is free (40900 when taken); the new name signs in', async () => {
    const { password: _p, ...fields } = marketInput(10)
    const taken = await t.call(`/api/markets/${id}`, {
      method: 'PUT',
      token: official,
      body: { ...fields, accountUsername: '0399000' },
    })
    expect(taken.body).toMatchObject({ code: 40900, msg: 'This account username is taken' })
    const renamed = await t.call(`/api/markets/${id}`, {
      method: 'PUT',
      token: official,
      body: { ...fields, accountUsername: '03169990010' },
    })
    expect(renamed.body.code).toBe(20000)
    expect((await t.login('03169990010', 'Market123')).body.code).toBe(20000)
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.recordId, id))
    expect(rows.at(-1)?.changes).toMatchObject({ accountUsername: { before: '0316100010', after: '03169990010' } })
  })

  it('freezing through the form ends the account sessions too', async () => {
    const { password: _p, ...fields } = marketInput(10)
    const session = await t.tokenFor('03169990010', 'Market123')
    expect(
      (
        await t.call(`/api/markets/${id}`, {
          method: 'PUT',
          token: official,
          body: { ...fields, accountUsername: '03169990010', accountStatus: 2 },
        })
      ).body.code,
    ).toBe(20000)
    expect((await t.call('/api/user/info', { token: session })).body.code).toBe(1002)
    expect((await t.login('03169990010', 'Market123')).body.code).toBe(40300)
  })

  it('answers 40400 for an unknown market and 40000 for a malformed id', async () => {
    expect(
      (await t.call('/api/markets/61111111-1111-4111-8111-111111111111', { method: 'GET', token: official })).body.code,
    ).toBe(40400)
    expect((await t.call('/api/markets/not-an-id', { method: 'GET', token: official })).body.code).toBe(40000)
  })
})

describe('freezing and resetting', () => {
  let id: string
  beforeAll(async () => {
    id = ((await create(marketInput(20))).body.data as Created).id
  })

  it('freezing ends the account sessions at once and blocks sign-in; unfreezing restores it', async () => {
    const session = await t.tokenFor('0316100020', 'Market123')
    expect((await t.call('/api/user/info', { token: session })).body.code).toBe(20000)
    expect((await t.call(`/api/markets/${id}/freeze`, { token: official })).body.code).toBe(20000)
    expect((await t.call('/api/user/info', { token: session })).body.code).toBe(1002)
    expect((await t.login('0316100020', 'Market123')).body.code).toBe(40300)
    const listed = await t.call<{ list: { accountStatus: number }[] }>('/api/markets?q=0316100020', {
      method: 'GET',
      token: official,
    })
    expect(listed.body.data.list[0]?.accountStatus).toBe(2)
    expect((await t.call(`/api/markets/${id}/unfreeze`, { token: official })).body.code).toBe(20000)
    expect((await t.login('0316100020', 'Market123')).body.code).toBe(20000)
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.recordId, id))).map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['freeze', 'unfreeze']))
  })

  it('reset returns a new password that works (once), and the old one stops working', async () => {
    const answer = await t.call<{ clearPwd: string }>(`/api/markets/${id}/reset-password`, { token: official })
    expect(answer.body.code).toBe(20000)
    expect((await t.login('0316100020', 'Market123')).body.code).toBe(40100)
    expect(
      (
        await t.call('/api/user/login', {
          body: { username: '0316100020', password: md5Hex(answer.body.data.clearPwd) },
        })
      ).body.code,
    ).toBe(20000)
  })
})

describe('permissions on every market route', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/markets'],
    ['GET', '/api/markets/options'],
    ['GET', '/api/markets/username-available?username=0316123456'],
    ['POST', '/api/markets', marketInput(99)],
    ['GET', '/api/markets/61111111-1111-4111-8111-111111111111'],
    ['PUT', '/api/markets/61111111-1111-4111-8111-111111111111', marketInput(99)],
    ['POST', '/api/markets/61111111-1111-4111-8111-111111111111/freeze'],
    ['POST', '/api/markets/61111111-1111-4111-8111-111111111111/unfreeze'],
    ['POST', '/api/markets/61111111-1111-4111-8111-111111111111/reset-password'],
  ]
  it.each(routes)('%s %s: MARKET 40300, frozen 1002, anonymous 1001', async (method, path, body) => {
    expect((await t.call(path, { method, token: operator, body })).body.code).toBe(40300)
    expect((await t.call(path, { method, token: frozenToken, body })).body.code).toBe(1002)
    expect((await t.call(path, { method, body })).body.code).toBe(1001)
  })
})

describe('hostile and concurrent registrations', () => {
  const api = () => typedApi(t.call)

  it('refuses control characters, broken Unicode and impossible dates with field errors, storing nothing', async () => {
    const before = (await t.db.select().from(markets)).length
    for (const [field, value] of [
      ['name', '市场\u0000'],
      ['notes', 'x\ud800'],
      ['address', '路\u001b[31m'],
      ['registeredOn', '2024-02-30'],
      ['registeredOn', '0000-01-01'],
    ] as const) {
      const answer = await create(marketInput(70, { [field]: value }))
      expect(answer.body.code, `${field}=${JSON.stringify(value)}`).toBe(40000)
      expect((answer.body.data as FieldError[]).map((error) => error.field)).toContain(field)
    }
    expect((await t.db.select().from(markets)).length).toBe(before)
  })

  it('the same registration sent 40 times at once makes one market; the rest are told it is taken', async () => {
    const input = marketInput(80) as never
    const staff = await withOfficial(t)
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => api()('/markets', '$post', { json: input }, { token: staff.token })),
    )
    const codes = answers.map((answer) => answer.body.code)
    expect(codes.filter((code) => code === 20000)).toHaveLength(1)
    expect(codes.filter((code) => code !== 20000).every((code) => code === 40900)).toBe(true)
    expect(
      await t.db
        .select()
        .from(markets)
        .where(eq(markets.name, marketInput(80).name)),
    ).toHaveLength(1)
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.username, marketInput(80).accountUsername)),
    ).toHaveLength(1)
  })
})
