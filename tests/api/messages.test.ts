import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../server/db/schema'
import { postMessage } from '../../server/messages/post'
import { listMessages } from '../../server/messages/service'
import { upgradedFrom } from '../helpers/migrations'
import { createTestApp, createUser, Role, type TestApp } from '../helpers/test-app'

let t: TestApp
let aliceUk: string
let bobUk: string
let alice: string
let bob: string

beforeAll(async () => {
  t = await createTestApp()
  aliceUk = await createUser(t.db, { username: 'alice', password: 'Alice1234', role: Role.OFFICIAL })
  bobUk = await createUser(t.db, { username: 'bob', password: 'Bob12345', role: Role.OFFICIAL })
  alice = await t.tokenFor('alice', 'Alice1234')
  bob = await t.tokenFor('bob', 'Bob12345')
  const base = new Date('2026-11-01T00:00:00Z').getTime()
  for (let i = 0; i < 12; i++) {
    await postMessage(t.db, {
      userUk: aliceUk,
      type: 'notice',
      title: `Notice ${i}`,
      content: `c${i}`,
      messageType: 'pesticide_failed',
      at: new Date(base + i * 60_000),
    })
  }
  await postMessage(t.db, { userUk: aliceUk, type: 'todo', title: 'Todo', content: 'do it' })
  await postMessage(t.db, { userUk: bobUk, type: 'notice', title: 'For Bob', content: 'b' })
})
afterAll(async () => {
  await t.close()
})

type List = { list: { id: string; title: string; status: number; time: string }[]; total: number }
type Texts = { list: { title: string; subTitle: string | null; content: string }[] }

describe('/api/messages', () => {
  it('lists the caller own messages of a type, newest first, paged', async () => {
    const first = await t.call<List>('/api/messages?type=notice&page=1&pageSize=5', { method: 'GET', token: alice })
    expect(first.body.code).toBe(20000)
    expect(first.body.data.total).toBe(12)
    expect(first.body.data.list.map((m) => m.title)).toEqual([
      'Notice 11',
      'Notice 10',
      'Notice 9',
      'Notice 8',
      'Notice 7',
    ])
    expect(first.body.data.list[0]?.time).toBe('2026-11-01 08:11:00')
    const last = await t.call<List>('/api/messages?type=notice&page=3&pageSize=5', { method: 'GET', token: alice })
    expect(last.body.data.list.map((m) => m.title)).toEqual(['Notice 1', 'Notice 0'])
    const bobs = await t.call<List>('/api/messages?type=notice', { method: 'GET', token: bob })
    expect(bobs.body.data.list.map((m) => m.title)).toEqual(['For Bob'])
  })

  it('rejects a bad type or page size with 40000', async () => {
    expect((await t.call('/api/messages?type=spam', { method: 'GET', token: alice })).body.code).toBe(40000)
    expect((await t.call('/api/messages?type=notice&pageSize=101', { method: 'GET', token: alice })).body.code).toBe(
      40000,
    )
    expect((await t.call('/api/messages?type=notice&page=0', { method: 'GET', token: alice })).body.code).toBe(40000)
  })

  it('counts unread per type and marks read by id, never another user message', async () => {
    const counts = await t.call('/api/messages/unread-counts', { method: 'GET', token: alice })
    expect(counts.body.data).toEqual({ message: 0, notice: 12, todo: 1 })
    const bobList = await t.call<List>('/api/messages?type=notice', { method: 'GET', token: bob })
    const bobId = bobList.body.data.list[0]!.id
    const aliceList = await t.call<List>('/api/messages?type=notice&pageSize=2', { method: 'GET', token: alice })
    const ids = aliceList.body.data.list.map((m) => m.id)
    const read = await t.call('/api/messages/read', { token: alice, body: { ids: [...ids, bobId] } })
    expect(read.body.data).toEqual({ updated: 2 })
    expect((await t.call('/api/messages/unread-counts', { method: 'GET', token: alice })).body.data).toEqual({
      message: 0,
      notice: 10,
      todo: 1,
    })
    expect((await t.call('/api/messages/unread-counts', { method: 'GET', token: bob })).body.data).toEqual({
      message: 0,
      notice: 1,
      todo: 0,
    })
    const unread = await t.call<List>('/api/messages?type=notice&status=0&pageSize=100', {
      method: 'GET',
      token: alice,
    })
    expect(unread.body.data.total).toBe(10)
  })

  it('marks a whole type read', async () => {
    expect((await t.call('/api/messages/read-all', { token: alice, body: { type: 'notice' } })).body.data).toEqual({
      updated: 10,
    })
    expect((await t.call('/api/messages/unread-counts', { method: 'GET', token: alice })).body.data).toEqual({
      message: 0,
      notice: 0,
      todo: 1,
    })
  })

  it('validates ids and needs a session', async () => {
    expect((await t.call('/api/messages/read', { token: alice, body: { ids: [] } })).body.code).toBe(40000)
    expect((await t.call('/api/messages/read', { token: alice, body: { ids: ['not-a-uuid'] } })).body.code).toBe(40000)
    expect((await t.call('/api/messages/unread-counts', { method: 'GET' })).body.code).toBe(1001)
  })
})

describe("message texts in the reader's language", () => {
  let carol: string
  beforeAll(async () => {
    const carolUk = await createUser(t.db, { username: 'carol', password: 'Carol1234', role: Role.OFFICIAL })
    carol = await t.tokenFor('carol', 'Carol1234')
    await postMessage(t.db, {
      userUk: carolUk,
      type: 'notice',
      titleKey: 'notice_pesticide_failed_title',
      subTitleKey: 'notice_pesticide_failed_sub_title',
      contentKey: 'notice_pesticide_failed_content',
      params: { stall: 'A-12', product: 'Bok choy', rate: '62.5', threshold: 50 },
      messageType: 'pesticide_failed',
    })
    // A row as the table held them before keys: text only.
    await t.db
      .insert(messages)
      .values({ userUk: carolUk, type: 'todo', title: '旧待办', subTitle: null, content: '只有文字' })
  })

  const read = async (type: string, locale: string) =>
    (await t.call<Texts>(`/api/messages?type=${type}`, { method: 'GET', token: carol, locale })).body.data.list

  it('reads one stored message in Chinese and in English, parameters filled in', async () => {
    expect(await read('notice', 'zh-CN')).toMatchObject([
      {
        title: '农残检测未通过',
        subTitle: '摊位 A-12 · Bok choy',
        content: '抑制率 62.5%，超过 50% 判定阈值，请督促商户下架复检。',
      },
    ])
    expect(await read('notice', 'en-US')).toMatchObject([
      {
        title: 'Pesticide residue test failed',
        subTitle: 'Stall A-12 · Bok choy',
        content:
          'Inhibition rate 62.5%, above the 50% limit: have the merchant take the produce off sale and test it again.',
      },
    ])
  })

  it('keeps the Chinese text in the row, for readers of the table and if a key is ever removed', async () => {
    const [row] = await t.db
      .select()
      .from(messages)
      .where(sql`${messages.titleKey} = 'notice_pesticide_failed_title'`)
    expect(row).toMatchObject({
      title: '农残检测未通过',
      contentKey: 'notice_pesticide_failed_content',
      params: { stall: 'A-12', threshold: 50 },
    })
    await t.db
      .update(messages)
      .set({ titleKey: 'notice_no_such_key' })
      .where(sql`${messages.id} = ${row!.id}`)
    expect((await read('notice', 'en-US'))[0]?.title).toBe('农残检测未通过')
    await t.db
      .update(messages)
      .set({ titleKey: 'notice_pesticide_failed_title' })
      .where(sql`${messages.id} = ${row!.id}`)
  })

  it('reads a text-only row as written, in either language', async () => {
    for (const locale of ['zh-CN', 'en-US'])
      expect(await read('todo', locale)).toMatchObject([{ title: '旧待办', subTitle: null, content: '只有文字' }])
  })
})

describe('the messages_keys migration', () => {
  it('applies to a database whose messages have only text, and those messages still read', async () => {
    // A database as it was before this migration, with a message of only text in it.
    const upgraded = await upgradedFrom('_messages_keys', async (old) => {
      await old.db.execute(sql`insert into users (uk, username, password_hash, role) values ('u-old', 'old', 'x', 1)`)
      await old.db.execute(
        sql`insert into messages (user_uk, type, title, content) values ('u-old', 'message', '欢迎使用每日供应', '旧的文字消息')`,
      )
    })
    const list = await listMessages(
      upgraded,
      { uk: 'u-old' },
      { query: { type: 'message', page: 1, pageSize: 10 }, locale: 'en-US' },
    )
    expect(list.list).toMatchObject([{ title: '欢迎使用每日供应', subTitle: null, content: '旧的文字消息' }])
    await upgraded.close()
  })
})
