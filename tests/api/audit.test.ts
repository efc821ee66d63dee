import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { AuditEntrySchema, type AuditEntry, type AuditList } from '../../contract/audit'
import { shanghaiToday, addDays } from '../../contract/time'
import { auditLog } from '../../server/db/schema'
import { clearLockout, createOfficialAccount } from '../../server/user/service'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { parseCsv } from '../helpers/csv'
import { withDevice } from '../helpers/devices'
import { marketInput } from '../helpers/market-input'
import { merchantInput } from '../helpers/merchant-input'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

let t: TestApp
let api: ReturnType<typeof typedApi>
let official: Awaited<ReturnType<typeof withOfficial>>
let a: Awaited<ReturnType<typeof withOperator>>
let b: Awaited<ReturnType<typeof withOperator>>
let merchantA: { id: string; clearPwd: string; bankMerchantNo: string; idCardNo: string }
let device: { id: string; code: string; secret: string }
let rotatedSecret: string

const log = async (query: string, token: string) =>
  (await t.call<AuditList>(`/api/audit?${query}`, { method: 'GET', token })).body
const entries = async (query: string, token: string) => {
  const answer = await log(query, token)
  if (answer.code !== 20000) throw new Error(`audit list answered ${answer.code}: ${answer.msg}`)
  return answer.data.list
}

beforeAll(async () => {
  t = await createTestApp()
  api = typedApi(t.call)
  official = await withOfficial(t, 'auditor')
  a = await withOperator(t, official, 601)
  b = await withOperator(t, official, 602)
  const input = merchantInput(61, { bankMerchantNo: '6222020200112233' })
  const created = await api('/merchants', '$post', { json: input }, { token: a.token })
  merchantA = { ...created.body.data, bankMerchantNo: input.bankMerchantNo, idCardNo: input.idCardNo }
  await withOperator(t, official, 603)
  device = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA.id })
  rotatedSecret = (await api('/devices/:id/rotate-secret', '$post', { param: { id: device.id } }, { token: a.token }))
    .body.data.secret
  await withDevice(t, b.token, { kind: 'passenger_counter', stallNo: 'GATE-B' })
})
afterAll(async () => {
  await t.close()
})

describe('GET /api/audit: what an entry shows', () => {
  it("an edit of a market's complaint phone shows who, the market, and the phone before and after", async () => {
    const { password: _p, ...fields } = { ...marketInput(601), accountStatus: 1 as const }
    const edited = await api(
      '/markets/:id',
      '$put',
      { param: { id: a.marketId }, json: { ...fields, complaintPhone: '0316-7654321' } },
      { token: official.token },
    )
    expect(edited.body.code).toBe(20000)
    const [entry] = await entries(`record=${a.marketId}&action=edit`, official.token)
    expect(entry).toMatchObject({
      actor: { uk: official.uk, username: 'auditor', role: 1 },
      area: 'market',
      action: 'edit',
      record: { id: a.marketId, name: '测试农贸市场 601' },
      market: { id: a.marketId, name: '测试农贸市场 601' },
      changes: [{ field: 'complaintPhone', before: '0316-1234567', after: '0316-7654321' }],
    } satisfies Partial<AuditEntry>)
    expect(new Date(entry!.at).toISOString()).toBe(entry!.at)
    // Every entry of the log answers the contract's shape.
    for (const each of await entries('pageSize=100', official.token)) v.parse(AuditEntrySchema, each)
  })

  it('shows a bank number only by its last four digits and an ID card masked, also in entries written before the rule', async () => {
    const [registered] = await entries(`record=${merchantA.id}&action=register`, a.token)
    const change = (field: string) => registered!.changes.find((c) => c.field === field)
    expect(change('bankMerchantNo')).toEqual({ field: 'bankMerchantNo', before: null, after: '****2233' })
    expect(change('idCardNo')?.after).toBe(`131***********${merchantA.idCardNo.slice(-4)}`)
    // An entry as an older build wrote it, with a whole number in it: masked when read.
    await t.db.insert(auditLog).values({
      actorUk: official.uk,
      area: 'merchant',
      action: 'edit',
      recordId: merchantA.id,
      marketId: a.marketId,
      changes: { otherBankNo: { before: '', after: '887766554433' }, clearPwd: { before: null, after: 'Hunter22' } },
      at: t.time.clock(),
    })
    const [older] = await entries(`record=${merchantA.id}&action=edit`, a.token)
    expect(older!.changes).toEqual([{ field: 'otherBankNo', before: '', after: '****4433' }])
  })

  it('never shows a password, a secret, a token or a hash', async () => {
    const reset = await api(
      '/merchants/:id/reset-password',
      '$post',
      { param: { id: merchantA.id } },
      { token: a.token },
    )
    const everything = JSON.stringify(await entries('pageSize=100', official.token))
    const stored = JSON.stringify(await t.db.select().from(auditLog))
    for (const text of [everything, stored]) {
      for (const secret of [
        merchantA.clearPwd,
        reset.body.data.clearPwd,
        device.secret,
        rotatedSecret,
        merchantA.bankMerchantNo,
      ])
        expect(text).not.toContain(secret)
      // No field named as one (an action's name, rotate_secret, is not a field).
      expect(text).not.toMatch(/scrypt\$|"(password|secret|token)(hash)?"/i)
    }
    expect(everything).not.toContain('Hunter22')
    expect(everything).toContain('password_reset')
    expect(everything).toContain('rotate_secret')
  })

  it('names the record as it is called now, and the actor of a command-line entry is nobody', async () => {
    await t.db.insert(auditLog).values({
      actorUk: null,
      area: 'account',
      action: 'lockout_cleared',
      recordId: 'not-an-account',
      marketId: null,
      at: t.time.clock(),
    })
    const [cleared] = await entries('action=lockout_cleared', official.token)
    expect(cleared).toMatchObject({ actor: null, record: { id: 'not-an-account', name: null }, market: null })
    const [bound] = await entries(`record=${device.id}&action=bind`, official.token)
    expect(bound).toMatchObject({ area: 'device', record: { name: device.code }, market: { id: a.marketId } })
  })
})

describe('the command line', () => {
  it('npm run clear-lockout and create-official leave entries with no actor', async () => {
    expect(await clearLockout(t.db, { username: a.username, address: '203.0.113.9' }, t.time.clock())).toEqual({
      audited: true,
    })
    expect(await clearLockout(t.db, { username: 'nobody-at-all' }, t.time.clock())).toEqual({ audited: false })
    const [cleared] = await entries('action=lockout_cleared', a.token)
    expect(cleared).toMatchObject({
      actor: null,
      area: 'account',
      record: { name: a.username },
      market: { id: a.marketId },
      changes: [{ field: 'address', before: null, after: '203.0.113.9' }],
    })
    const uk = await createOfficialAccount(t.db, 'second-official', 'Second123', t.time.clock())
    const [made] = await entries(`record=${uk}`, official.token)
    expect(made).toMatchObject({
      actor: null,
      area: 'account',
      action: 'register',
      record: { name: 'second-official' },
      market: null,
      changes: [
        { field: 'username', before: null, after: 'second-official' },
        { field: 'role', before: null, after: '1' },
      ],
    })
    // A platform entry is not any market's: an operator never sees it.
    expect(await entries(`record=${uk}`, a.token)).toEqual([])
  })
})

describe('GET /api/audit: scope', () => {
  it("holds an operator to its own market's entries, also when it asks for another market or its record", async () => {
    for (const query of ['pageSize=100', `market=${b.marketId}&pageSize=100`]) {
      const list = await entries(query, a.token)
      expect(list.length).toBeGreaterThan(3)
      expect(list.every((entry) => entry.market?.id === a.marketId)).toBe(true)
    }
    expect(await entries(`record=${b.marketId}`, a.token)).toEqual([])
    expect(await entries(`market=${b.marketId}&record=${b.marketId}`, a.token)).toEqual([])
    const forB = await entries('pageSize=100', b.token)
    expect(forB.length).toBeGreaterThan(0)
    expect(forB.every((entry) => entry.market?.id === b.marketId)).toBe(true)
  })

  it("gives OFFICIAL every market's entries, or one market's", async () => {
    const all = await entries('pageSize=100', official.token)
    expect(new Set(all.map((entry) => entry.market?.id ?? null)).size).toBeGreaterThanOrEqual(3)
    const onlyB = await entries(`market=${b.marketId}&pageSize=100`, official.token)
    expect(onlyB.length).toBeGreaterThan(0)
    expect(onlyB.every((entry) => entry.market?.id === b.marketId)).toBe(true)
  })
})

describe('GET /api/audit: filters', () => {
  it('by area, action, account, record and the account name', async () => {
    const merchants = await entries('area=merchant&pageSize=100', official.token)
    expect(merchants.length).toBeGreaterThan(0)
    expect(merchants.every((entry) => entry.area === 'merchant')).toBe(true)
    const binds = await entries('action=bind&pageSize=100', official.token)
    expect(binds.map((entry) => entry.action)).toEqual(['bind', 'bind'])
    const byOfficial = await entries(`actor=${official.uk}&pageSize=100`, official.token)
    expect(byOfficial.length).toBeGreaterThan(3)
    expect(byOfficial.every((entry) => entry.actor?.uk === official.uk)).toBe(true)
    const searched = await entries(`q=${encodeURIComponent(a.username)}&pageSize=100`, official.token)
    expect(searched.length).toBeGreaterThan(0)
    expect(searched.every((entry) => entry.actor?.username === a.username)).toBe(true)
    const device = (await entries(`record=${merchantA.id}&pageSize=100`, official.token)).map((e) => e.record.id)
    expect(new Set(device)).toEqual(new Set([merchantA.id]))
  })

  it('by Asia/Shanghai days, both ends included; an end before the start is 40000', async () => {
    const today = shanghaiToday(t.time.clock())
    const total = (await log('', official.token)).data.total
    expect((await log(`from=${today}&to=${today}`, official.token)).data.total).toBe(total)
    expect((await log(`from=${addDays(today, 1)}`, official.token)).data.total).toBe(0)
    expect((await log(`to=${addDays(today, -1)}`, official.token)).data.total).toBe(0)
    const refused = await log(`from=${today}&to=${addDays(today, -1)}`, official.token)
    expect(refused.code).toBe(40000)
    expect(refused.data).toEqual([{ field: 'to', message: expect.any(String) }])
    expect((await log('from=2026-02-30', official.token)).code).toBe(40000)
    expect((await log('record=not-a-uuid', official.token)).code).toBe(40000)
  })

  it('says the total is exact below the cap', async () => {
    const answer = (await log('', official.token)).data
    expect(answer.totalCapped).toBe(false)
    expect(answer.total).toBe((await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n)
  })
})

describe('GET /api/audit/export', () => {
  const csv = async (query: string, token: string, locale = 'en-US') => {
    const response = await t.request(`/api/audit/export?${query}`, { method: 'GET', token, locale })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/csv')
    return parseCsv((await response.text()).replace(/^\uFEFF/, ''))
  }

  it('writes the filtered entries with their words, in the caller language and scope', async () => {
    const [header, ...rows] = await csv(`record=${a.marketId}&action=edit`, official.token)
    expect(header).toEqual(['Time', 'Who', 'Role', 'Area', 'Action', 'Record', 'Record id', 'Market', 'Changes'])
    expect(rows).toHaveLength(1)
    expect(rows[0]).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      'auditor',
      'Platform staff',
      'Market',
      'Edit',
      '测试农贸市场 601',
      a.marketId,
      '测试农贸市场 601',
      'Complaint phone: 0316-1234567 → 0316-7654321',
    ])
    const [zhHeader, ...zhRows] = await csv(`record=${device.id}&action=bind`, official.token, 'zh-CN')
    expect(zhHeader?.[0]).toBe('时间')
    expect(zhRows[0]?.[4]).toBe('绑定')
    expect(zhRows[0]?.[8]).toContain('支付终端')
  })

  it("holds an operator to its own market's entries and never shows a secret", async () => {
    const [, ...rows] = await csv(`market=${b.marketId}`, a.token)
    expect(rows.length).toBeGreaterThan(3)
    expect(rows.every((row) => row[7] === '测试农贸市场 601')).toBe(true)
    const text = JSON.stringify(rows)
    for (const secret of [merchantA.clearPwd, device.secret, merchantA.bankMerchantNo])
      expect(text).not.toContain(secret)
  })
})

describe('the audit write is in the transaction of its change', () => {
  it('a change whose entry cannot be written is not made (and a refused change writes no entry)', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n
    // A refused edit (the payment bank is fixed): no entry.
    const { password: _p, ...fields } = { ...marketInput(602), accountStatus: 1 as const }
    const refused = await api(
      '/markets/:id',
      '$put',
      { param: { id: b.marketId }, json: { ...fields, paymentBank: 'ABC' } },
      { token: official.token },
    )
    expect(refused.body.code).toBe(40900)
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n).toBe(before)
    // The log refuses every write: the edit, the leave and the unbind fail whole.
    await t.db.execute(sql`create function audit_refuses() returns trigger language plpgsql as $$
      begin raise exception 'audit log refuses'; end $$`)
    await t.db.execute(sql`create trigger audit_refuses before insert on audit_log execute function audit_refuses()`)
    try {
      const edit = await api(
        '/markets/:id',
        '$put',
        { param: { id: b.marketId }, json: { ...fields, name: 'Never saved' } },
        { token: official.token },
      )
      expect(edit.body.code).toBe(50000)
      const leave = await api('/merchants/:id/leave', '$post', { param: { id: merchantA.id } }, { token: a.token })
      expect(leave.body.code).toBe(50000)
      const unbind = await api('/devices/:id/unbind', '$post', { param: { id: device.id } }, { token: a.token })
      expect(unbind.body.code).toBe(50000)
    } finally {
      await t.db.execute(sql`drop trigger audit_refuses on audit_log`)
      await t.db.execute(sql`drop function audit_refuses()`)
    }
    const market = await api('/markets/:id', '$get', { param: { id: b.marketId } }, { token: official.token })
    expect(market.body.data.name).toBe('测试农贸市场 602')
    const merchant = await api('/merchants/:id', '$get', { param: { id: merchantA.id } }, { token: a.token })
    expect(merchant.body.data.status).toBe('active')
    const bound = await entries(`record=${device.id}&action=unbind`, a.token)
    expect(bound).toEqual([])
  })
})
