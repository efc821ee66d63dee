import { randomUUID } from 'node:crypto'
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idCardCheckChar } from '../../contract/china-ids'
import { auditLog, merchants, users } from '../../server/db/schema'
import { parseCsv } from '../helpers/csv'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { PNG } from '../helpers/images'
import { creditCodeFor } from '../helpers/market-input'
import { idCardFor, merchantInput } from '../helpers/merchant-input'
import { createTestApp, Role, UserStatus, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'
import type { ApiInput } from '../../src/lib/api-routes'

type Operator = Awaited<ReturnType<typeof withOperator>>
type FieldError = { field: string; message: string }
type Input = ApiInput<'/merchants', '$post'>['json']

let t: TestApp
let official: string
/** Two markets with their operators signed in: A does the work, B is the other market. */
let a: Operator
let b: Operator

beforeAll(async () => {
  t = await createTestApp()
  official = (await withOfficial(t)).token
  a = await withOperator(t, { token: official }, 1)
  b = await withOperator(t, { token: official }, 2)
})
afterAll(async () => {
  await t.close()
})

const api = () => typedApi(t.call)
const register = (input: Input, token: string) => api()('/merchants', '$post', { json: input }, { token })
/** Registers and answers the new merchant's id and account. */
async function registered(input: Input, token: string) {
  const answer = await register(input, token)
  if (answer.body.code !== 20000) throw new Error(`could not register ${input.name}: ${answer.body.msg}`)
  return answer.body.data
}
const detail = (id: string, token: string) => api()('/merchants/:id', '$get', { param: { id } }, { token })
const edit = (id: string, input: Input, token: string) =>
  api()('/merchants/:id', '$put', { param: { id }, json: input }, { token })
const leave = (id: string, token: string) => api()('/merchants/:id/leave', '$post', { param: { id } }, { token })
const comeBack = (id: string, token: string) => api()('/merchants/:id/return', '$post', { param: { id } }, { token })
const resetPassword = (id: string, token: string) =>
  api()('/merchants/:id/reset-password', '$post', { param: { id } }, { token })

/** How many accounts and merchants there are: what a failed write must leave as it found. */
const rowCounts = async () => ({
  users: (await t.db.select({ n: count() }).from(users))[0]!.n,
  merchants: (await t.db.select({ n: count() }).from(merchants))[0]!.n,
})
const accountOf = async (username: string) => (await t.db.select().from(users).where(eq(users.username, username)))[0]!

/** The same number with another (so wrong) last character. */
const withWrongLastChar = (value: string) => value.slice(0, -1) + (value.endsWith('0') ? '1' : '0')

describe('registering a merchant', () => {
  it("an operator registers in its own market; the account is named after the market's and cannot sign in", async () => {
    const input = merchantInput(1)
    const answer = await register(input, a.token)
    expect(answer.body.code).toBe(20000)
    const { id, accountUsername, clearPwd } = answer.body.data
    expect(accountUsername).toMatch(new RegExp(`^${a.username}-\\d{4}$`))
    const shown = await detail(id, a.token)
    expect(shown.body.data).toMatchObject({
      id,
      marketId: a.marketId,
      marketName: '测试农贸市场 1',
      accountUsername,
      name: input.name,
      stallNo: 'A-1',
      phone: input.phone,
      idCardNo: input.idCardNo,
      bankMerchantNo: input.bankMerchantNo,
      category: 'vegetables',
      status: 'active',
    })
    expect(JSON.stringify(shown.body.data)).not.toMatch(/password|scrypt|clearPwd/i)
    expect(await accountOf(accountUsername)).toMatchObject({
      role: Role.MERCHANT,
      status: UserStatus.NORMAL,
      marketId: a.marketId,
    })
    // The password is right (not 40100), but the role has no console.
    expect((await t.login(accountUsername, clearPwd)).body).toMatchObject({
      code: 40300,
      msg: 'This account cannot sign in to the console',
    })
  })

  it('an OFFICIAL must name an existing market; nothing is created until it does', async () => {
    const before = await rowCounts()
    const missing = await t.call('/api/merchants', { token: official, body: merchantInput(2) })
    expect(missing.body).toMatchObject({ code: 40000, data: [{ field: 'marketId', message: 'Choose the market' }] })
    const unknown = await t.call('/api/merchants', {
      token: official,
      body: merchantInput(2, { marketId: randomUUID() }),
    })
    expect(unknown.body).toMatchObject({ code: 40000, data: [{ field: 'marketId', message: 'Market not found' }] })
    const malformed = await t.call<FieldError[]>('/api/merchants', {
      token: official,
      body: merchantInput(2, { marketId: 'market-b' }),
    })
    expect(malformed.body.code).toBe(40000)
    expect(malformed.body.data.map((error) => error.field)).toEqual(['marketId'])
    expect(await rowCounts()).toEqual(before)

    const { id, accountUsername } = await registered(merchantInput(2, { marketId: b.marketId }), official)
    expect((await detail(id, official)).body.data.marketId).toBe(b.marketId)
    expect(accountUsername.startsWith(`${b.username}-`)).toBe(true)
  })

  it('an operator naming another market is refused (40300), its own is fine', async () => {
    const before = await rowCounts()
    const answer = await register(merchantInput(3, { marketId: b.marketId }), a.token)
    expect(answer.body.code).toBe(40300)
    expect(await rowCounts()).toEqual(before)
    const { id } = await registered(merchantInput(3, { marketId: a.marketId }), a.token)
    expect((await detail(id, a.token)).body.data.marketId).toBe(a.marketId)
  })

  it('takes the credit code as optional, upper-casing it and the stall number when given', async () => {
    const { creditCode: _none, ...withoutCode } = merchantInput(5)
    const first = await registered(withoutCode, a.token)
    expect((await detail(first.id, a.token)).body.data.creditCode).toBe('')
    const code = creditCodeFor(777)
    const second = await registered(merchantInput(7, { creditCode: code.toLowerCase(), stallNo: 'c-7' }), a.token)
    expect((await detail(second.id, a.token)).body.data).toMatchObject({ creditCode: code, stallNo: 'C-7' })
  })

  it('makes no account when the registration fails after it (a file that is not the market’s)', async () => {
    const uploaded = await t.upload<{ id: string }>(PNG, { token: b.token })
    expect(uploaded.body.code).toBe(20000)
    const before = await rowCounts()
    for (const fileId of [uploaded.body.data.id, randomUUID()]) {
      const answer = await register(merchantInput(8, { healthCertificateFileId: fileId }), a.token)
      expect(answer.body).toMatchObject({ code: 40000, msg: 'File not found' })
    }
    expect(await rowCounts()).toEqual(before)
  })
})

describe('field checks', () => {
  const idCard = idCardFor(9)
  /** Each bad value with the message its field shows, in English. */
  const cases: [keyof Input, unknown, string][] = [
    ['idCardNo', withWrongLastChar(idCard), 'Not a valid 18-digit ID card number (birth date and check digit)'],
    [
      'idCardNo',
      `13100319800230001${idCardCheckChar('13100319800230001')}`,
      'Not a valid 18-digit ID card number (birth date and check digit)',
    ],
    [
      'creditCode',
      withWrongLastChar(creditCodeFor(9)),
      'Not a valid unified social credit code (18 characters with a matching check character)',
    ],
    ['phone', '12345', 'An 11-digit mainland mobile number'],
    ['phone', '23912345678', 'An 11-digit mainland mobile number'],
    ['age', 15, 'A whole number from 16 to 100'],
    ['age', 101, 'A whole number from 16 to 100'],
    ['age', 46.5, 'A whole number from 16 to 100'],
    ['age', '46', 'A whole number from 16 to 100'],
    ['category', 'toys', 'This value is not valid'],
    ['category', '', 'required fields cannot be empty'],
    ['gender', 'x', 'This value is not valid'],
    ['gender', 7, 'required fields cannot be empty'],
    ['stallNo', 'A 12', 'Letters, digits, Chinese characters or hyphens, e.g. A-12'],
    ['stallNo', 'A/12', 'Letters, digits, Chinese characters or hyphens, e.g. A-12'],
    ['stallNo', ' ', 'required fields cannot be empty'],
    ['bankMerchantNo', 'x', '4–32 letters, digits or hyphens'],
    ['otherBankNo', '12 34', '4–32 letters, digits or hyphens'],
    ['name', '商户\u0000', 'Contains characters that cannot be stored (control characters or broken Unicode)'],
    ['name', '商户\n二号', 'Contains characters that cannot be stored (control characters or broken Unicode)'],
    ['address', '路\u001b[31m', 'Contains characters that cannot be stored (control characters or broken Unicode)'],
    ['notes', 'x\u0000', 'Contains characters that cannot be stored (control characters or broken Unicode)'],
    ['notes', 'x\ud800', 'Contains characters that cannot be stored (control characters or broken Unicode)'],
  ]

  it('refuses each bad field with its own message and stores nothing', async () => {
    const before = await rowCounts()
    for (const [field, value, message] of cases) {
      const answer = await t.call<FieldError[]>('/api/merchants', {
        token: a.token,
        body: { ...merchantInput(9), [field]: value },
      })
      expect(answer.body.code, `${field}=${JSON.stringify(value)}`).toBe(40000)
      expect(answer.body.data, `${field}=${JSON.stringify(value)}`).toEqual([{ field, message }])
    }
    expect(await rowCounts()).toEqual(before)
  })

  it('answers in the caller’s language', async () => {
    const answer = await t.call<FieldError[]>('/api/merchants', {
      token: a.token,
      locale: 'zh-CN',
      body: {
        ...merchantInput(9),
        idCardNo: withWrongLastChar(idCard),
        creditCode: withWrongLastChar(creditCodeFor(9)),
        phone: '12345',
        age: 120,
        category: 'toys',
        stallNo: 'A/12',
        name: '商户\u0000',
      },
    })
    expect(answer.body.code).toBe(40000)
    expect(Object.fromEntries(answer.body.data.map((error) => [error.field, error.message]))).toEqual({
      idCardNo: '不是有效的 18 位身份证号码（出生日期与校验位）',
      creditCode: '统一社会信用代码无效（18 位，校验位须正确）',
      phone: '请输入 11 位手机号',
      age: '请输入 16 至 100 之间的整数',
      category: '该值无效',
      stallNo: '字母、数字、汉字或连字符，如 A-12',
      name: '包含无法保存的字符（控制字符或损坏的 Unicode）',
    })
  })

  it('keeps line breaks in notes', async () => {
    const { id } = await registered(merchantInput(10, { notes: 'first line\nsecond line' }), a.token)
    expect((await detail(id, a.token)).body.data.notes).toBe('first line\nsecond line')
  })
})

describe('stall numbers', () => {
  let first: string
  let second: string

  it('one active merchant per stall in a market; another market may use the same number', async () => {
    first = (await registered(merchantInput(20, { stallNo: 'S-1' }), a.token)).id
    const usersBefore = (await rowCounts()).users
    // Stall numbers are upper-cased before they are compared.
    const taken = await register(merchantInput(21, { stallNo: 's-1' }), a.token)
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({
      code: 40900,
      msg: 'This stall already has an active merchant in this market',
      data: [{ field: 'stallNo', message: 'This stall already has an active merchant in this market' }],
    })
    // The account was made inside the transaction the stall conflict rolled back.
    expect((await rowCounts()).users).toBe(usersBefore)
    expect((await register(merchantInput(21, { stallNo: 'S-1' }), b.token)).body.code).toBe(20000)
  })

  it('an edit cannot move a merchant onto a taken stall', async () => {
    second = (await registered(merchantInput(22, { stallNo: 'S-2' }), a.token)).id
    const answer = await edit(second, merchantInput(22, { stallNo: 'S-1' }), a.token)
    expect(answer.body).toMatchObject({ code: 40900, data: [{ field: 'stallNo' }] })
    expect((await detail(second, a.token)).body.data.stallNo).toBe('S-2')
  })

  it('leaving frees the stall and freezes the account; returning to a retaken stall is 40900', async () => {
    const { accountUsername } = (await detail(first, a.token)).body.data
    expect((await leave(first, a.token)).body.code).toBe(20000)
    expect((await detail(first, a.token)).body.data.status).toBe('left')
    expect((await accountOf(accountUsername)).status).toBe(UserStatus.FROZEN)

    const successor = (await registered(merchantInput(23, { stallNo: 'S-1' }), a.token)).id
    const back = await comeBack(first, a.token)
    expect(back.body).toMatchObject({ code: 40900, data: [{ field: 'stallNo' }] })
    expect((await detail(first, a.token)).body.data.status).toBe('left')
    expect((await accountOf(accountUsername)).status).toBe(UserStatus.FROZEN)

    expect((await leave(successor, a.token)).body.code).toBe(20000)
    expect((await comeBack(first, a.token)).body.code).toBe(20000)
    expect((await detail(first, a.token)).body.data.status).toBe('active')
    expect((await accountOf(accountUsername)).status).toBe(UserStatus.NORMAL)
  })
})

describe('bank numbers', () => {
  const input = merchantInput(30)
  let id: string
  beforeAll(async () => {
    id = (await registered(input, a.token)).id
  })

  it('a saved bank number cannot change (40900 on its field)', async () => {
    const answer = await edit(id, { ...input, bankMerchantNo: '99999999' }, a.token)
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({
      code: 40900,
      msg: 'Bank numbers cannot be changed once saved',
      data: [{ field: 'bankMerchantNo', message: 'Bank numbers cannot be changed once saved' }],
    })
    expect((await detail(id, a.token)).body.data.bankMerchantNo).toBe(input.bankMerchantNo)
  })

  it('an empty one may be filled once; then it is fixed, and an empty value leaves it as saved', async () => {
    expect((await edit(id, { ...input, otherBankNo: 'OB-0001' }, a.token)).body.code).toBe(20000)
    expect((await detail(id, a.token)).body.data.otherBankNo).toBe('OB-0001')
    expect((await edit(id, { ...input, otherBankNo: 'OB-0001', name: '改名' }, a.token)).body.code).toBe(20000)
    const changed = await edit(id, { ...input, otherBankNo: 'OB-0002' }, a.token)
    expect(changed.body).toMatchObject({ code: 40900, data: [{ field: 'otherBankNo' }] })
    expect((await edit(id, { ...input, otherBankNo: '' }, a.token)).body.code).toBe(20000)
    expect((await detail(id, a.token)).body.data).toMatchObject({ otherBankNo: 'OB-0001', name: input.name })
  })

  it('40 edits filling the same empty number at once: one wins, the rest are told it is fixed', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, k) =>
        edit(id, { ...input, paymentSubMerchantNo: `PS-${1000 + k}` }, a.token).then((answer) => ({ k, answer })),
      ),
    )
    const winners = answers.filter(({ answer }) => answer.body.code === 20000)
    expect(winners).toHaveLength(1)
    for (const { answer } of answers.filter(({ answer }) => answer.body.code !== 20000))
      expect(answer.body).toMatchObject({ code: 40900, data: [{ field: 'paymentSubMerchantNo' }] })
    expect((await detail(id, a.token)).body.data.paymentSubMerchantNo).toBe(`PS-${1000 + winners[0]!.k}`)
  })
})

describe("another market's operator", () => {
  const input = merchantInput(40)
  let id: string
  let accountUsername: string
  beforeAll(async () => {
    ;({ id, accountUsername } = await registered(input, a.token))
  })

  /** A refusal that carries nothing of the merchant. */
  const expectNothing = (answer: { body: { code: number; data: unknown } }) => {
    expect(answer.body.code).toBe(40400)
    expect(answer.body.data).toBeNull()
  }

  it('cannot read, edit, move, reset or see the merchant, whatever market it names', async () => {
    const passwordHash = (await accountOf(accountUsername)).passwordHash
    expectNothing(await detail(id, b.token))
    expectNothing(await t.call(`/api/merchants/${id}?market=${a.marketId}`, { method: 'GET', token: b.token }))
    expectNothing(await edit(id, { ...input, name: 'Taken over' }, b.token))
    expectNothing(
      await t.call(`/api/merchants/${id}`, {
        method: 'PUT',
        token: b.token,
        body: { ...input, name: 'Taken over', marketId: a.marketId },
      }),
    )
    expectNothing(await leave(id, b.token))
    expectNothing(await comeBack(id, b.token))
    expectNothing(await resetPassword(id, b.token))
    expectNothing(await t.call(`/api/merchants/${id}/reset-password?market=${a.marketId}`, { token: b.token }))

    expect((await detail(id, a.token)).body.data).toMatchObject({ name: input.name, status: 'active' })
    expect((await accountOf(accountUsername)).passwordHash).toBe(passwordHash)
    const actions = await t.db.select().from(auditLog).where(eq(auditLog.recordId, id))
    expect(actions.map((row) => row.action)).toEqual(['register'])
  })

  it("cannot list or export the market's merchants, even naming it", async () => {
    const listed = await api()(
      '/merchants',
      '$get',
      { query: { market: a.marketId, q: accountUsername } },
      { token: b.token },
    )
    expect(listed.body.data).toEqual({ list: [], total: 0, totalCapped: false })
    const csv = await (
      await t.request(`/api/merchants/export?market=${a.marketId}`, { method: 'GET', token: b.token })
    ).text()
    expect(csv).not.toContain(accountUsername)
    expect(csv).not.toContain('测试农贸市场 1')
  })

  it('cannot register in the market (40300), and an edit never moves a merchant out of its market', async () => {
    expect((await register(merchantInput(41, { marketId: a.marketId }), b.token)).body.code).toBe(40300)
    const answer = await t.call(`/api/merchants/${id}`, {
      method: 'PUT',
      token: a.token,
      body: { ...input, marketId: b.marketId },
    })
    expect(answer.body.code).toBe(20000)
    expect((await detail(id, a.token)).body.data.marketId).toBe(a.marketId)
  })
})

describe('passwords and the audit log', () => {
  it('a reset gives a new password: the hash changes, and the account still cannot sign in', async () => {
    const created = await registered(merchantInput(50), a.token)
    const before = (await accountOf(created.accountUsername)).passwordHash
    const reset = await resetPassword(created.id, a.token)
    expect(reset.body.code).toBe(20000)
    const { clearPwd } = reset.body.data
    expect(clearPwd).not.toBe(created.clearPwd)
    expect((await accountOf(created.accountUsername)).passwordHash).not.toBe(before)
    expect((await t.login(created.accountUsername, created.clearPwd)).body.code).toBe(40100)
    expect((await t.login(created.accountUsername, clearPwd)).body.code).toBe(40300)
  })

  it('logs every write by its author, never with a password, the ID card number masked', async () => {
    const input = merchantInput(51)
    const created = await registered(input, a.token)
    const newIdCard = idCardFor(151)
    expect((await edit(created.id, { ...input, idCardNo: newIdCard, name: '新名字' }, a.token)).body.code).toBe(20000)
    expect((await leave(created.id, a.token)).body.code).toBe(20000)
    // Leaving again changes nothing, so logs nothing.
    expect((await leave(created.id, a.token)).body.code).toBe(20000)
    expect((await comeBack(created.id, a.token)).body.code).toBe(20000)
    const { clearPwd } = (await resetPassword(created.id, a.token)).body.data

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.recordId, created.id))
    expect(rows.map((row) => row.action).sort()).toEqual(['edit', 'leave', 'password_reset', 'register', 'return'])
    expect(rows.every((row) => row.area === 'merchant' && row.marketId === a.marketId)).toBe(true)
    const operatorUk = (await accountOf(a.username)).uk
    expect(rows.every((row) => row.actorUk === operatorUk)).toBe(true)
    const byAction = Object.fromEntries(rows.map((row) => [row.action, row.changes]))
    const masked = (id: string) => `131***********${id.slice(-4)}`
    expect(byAction['register']).toMatchObject({
      name: { before: null, after: input.name },
      idCardNo: { before: null, after: masked(input.idCardNo) },
    })
    expect(byAction['edit']).toEqual({
      name: { before: input.name, after: '新名字' },
      idCardNo: { before: masked(input.idCardNo), after: masked(newIdCard) },
    })
    expect(byAction['leave']).toEqual({ status: { before: 'active', after: 'left' } })

    const logged = JSON.stringify(rows)
    for (const secret of [created.clearPwd, clearPwd, input.idCardNo, newIdCard]) expect(logged).not.toContain(secret)
    expect(logged).not.toMatch(/scrypt|passwordHash/i)
  })
})

describe('concurrent registrations', () => {
  it('the same registration 40 times at once makes one merchant and one account; the rest are 40900', async () => {
    const usersBefore = (await rowCounts()).users
    const input = merchantInput(60, { stallNo: 'R-1' })
    const answers = await Promise.all(Array.from({ length: 40 }, () => register(input, a.token)))
    const codes = answers.map((answer) => answer.body.code)
    expect(codes.filter((code) => code === 20000)).toHaveLength(1)
    expect(codes.filter((code) => code !== 20000)).toEqual(Array.from({ length: 39 }, () => 40900))
    const rows = await t.db
      .select()
      .from(merchants)
      .where(and(eq(merchants.marketId, a.marketId), eq(merchants.stallNo, 'R-1')))
    expect(rows).toHaveLength(1)
    expect((await rowCounts()).users).toBe(usersBefore + 1)
  })

  it('40 different registrations at once all succeed, each with its own account', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, k) => register(merchantInput(100 + k), a.token)))
    expect(answers.map((answer) => answer.body.code)).toEqual(Array.from({ length: 40 }, () => 20000))
    const usernames = answers.map((answer) => answer.body.data.accountUsername)
    expect(new Set(usernames).size).toBe(40)
    for (const username of usernames) expect((await accountOf(username)).role).toBe(Role.MERCHANT)
  })
})

describe('CSV export', () => {
  let c: Operator
  /** Cells a spreadsheet would run as formulas, and cells that need quoting. */
  const names = ['=HYPERLINK("http://x.cn","y")', '+86 Zhang', '-Li', '@SUM(A1)', 'Wang, "the" grocer']
  let newlineId: string

  beforeAll(async () => {
    c = await withOperator(t, { token: official }, 3)
    for (const [k, name] of names.entries())
      await registered(merchantInput(200 + k, { name, category: 'fruit' }), c.token)
    await registered(merchantInput(210, { stallNo: '-7', notes: '=cmd|secret note\nline two' }), c.token)
    // The API refuses line breaks in names; the export must still quote one that got there otherwise.
    newlineId = (await registered(merchantInput(211), c.token)).id
    await t.db.update(merchants).set({ name: 'Line one\nLine two' }).where(eq(merchants.id, newlineId))
  })

  const exported = async (query: string, token: string, locale = 'en-US') => {
    const response = await t.request(`/api/merchants/export?${query}`, { method: 'GET', token, locale })
    const bytes = new Uint8Array(await response.arrayBuffer())
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    return { response, text, rows: parseCsv(text.replace(/^\uFEFF/, '')) }
  }

  it('is UTF-8 with a byte-order mark, an attachment, headed in the caller’s language', async () => {
    const en = await exported(`market=${c.marketId}`, official)
    expect(en.response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(en.response.headers.get('Content-Disposition')).toContain('attachment')
    expect(en.text.startsWith('\uFEFF')).toBe(true)
    expect(en.rows[0]).toEqual([
      'Market',
      'Account username',
      'Stall',
      'Name',
      'Phone',
      'Business category',
      'Credit code',
      'Status',
      'Licences',
      'Credit',
      'Created',
    ])
    const zh = await exported(`market=${c.marketId}&category=fruit`, official, 'zh-CN')
    expect(zh.rows[0]).toEqual([
      '所属市场',
      '账号用户名',
      '摊位号',
      '商户名称',
      '联系电话',
      '经营类别',
      '信用代码',
      '状态',
      '证照状态',
      '信用',
      '创建时间',
    ])
    expect(zh.rows.slice(1).map((row) => [row[5], row[7], row[9]])).toEqual(names.map(() => ['水果', '在营', '5']))
  })

  it('neutralises formula cells and quotes commas, quotes and line breaks; notes are not exported', async () => {
    const { text, rows } = await exported(`market=${c.marketId}`, c.token)
    const nameCells = rows.slice(1).map((row) => row[3])
    expect(nameCells).toEqual(
      expect.arrayContaining([
        `'=HYPERLINK("http://x.cn","y")`,
        `'+86 Zhang`,
        `'-Li`,
        `'@SUM(A1)`,
        'Wang, "the" grocer',
        'Line one\nLine two',
      ]),
    )
    expect(text).toContain('"Wang, ""the"" grocer"')
    expect(text).toContain('"Line one\nLine two"')
    expect(rows.slice(1).map((row) => row[2])).toContain(`'-7`)
    expect(text).not.toContain('secret note')
    expect(rows.every((row) => row.length === 11)).toBe(true)
  })

  it('has one row per merchant the list counts, for the same filters and caller', async () => {
    const cases: [string, string][] = [
      ['', official],
      [`market=${a.marketId}`, official],
      [`market=${c.marketId}&q=line`, official],
      ['category=fruit', official],
      ['status=left', official],
      ['', a.token],
      [`market=${b.marketId}`, a.token],
      [`q=${encodeURIComponent('"the"')}`, c.token],
    ]
    for (const [query, token] of cases) {
      const listed = await t.call<{ total: number }>(`/api/merchants?${query}`, { method: 'GET', token })
      const { rows } = await exported(query, token)
      expect(rows.length - 1, `${query} as ${token === official ? 'official' : 'operator'}`).toBe(
        listed.body.data.total,
      )
    }
    const own = await exported('', a.token)
    expect(new Set(own.rows.slice(1).map((row) => row[0]))).toEqual(new Set(['测试农贸市场 1']))
  })

  // The export's keyset position once lived in a JavaScript Date, which drops PostgreSQL's microseconds:
  // rows sharing the last row's millisecond were skipped from the next batch on (100 of 2,100 here).
  it('streams every row past one read batch, merchants registered at the same instant included', async () => {
    const d = await withOperator(t, { token: official }, 4)
    // One instant, to the microsecond as PostgreSQL keeps it (a JavaScript Date holds milliseconds):
    // what one bulk import's now() gives every row.
    const instant = sql`'2026-03-01 08:00:00.123456+00'::timestamptz`
    const many = Array.from({ length: 2_100 }, (_, k) => ({
      k,
      uk: randomUUID(),
      username: `${d.username}-${String(k + 1).padStart(4, '0')}`,
    }))
    await t.db.insert(users).values(
      many.map(({ uk, username }) => ({
        uk,
        username,
        passwordHash: 'scrypt$1$1$1$AA==$AA==',
        role: Role.MERCHANT,
        marketId: d.marketId,
      })),
    )
    await t.db.insert(merchants).values(
      many.map(({ k, uk, username }) => ({
        ...merchantInput(k),
        marketId: d.marketId,
        accountUk: uk,
        accountUsername: username,
        createdAt: instant,
      })),
    )
    const { rows } = await exported(`market=${d.marketId}`, official)
    expect(rows.length - 1).toBe(2_100)
    expect(new Set(rows.slice(1).map((row) => row[1])).size).toBe(2_100)
  })
})
