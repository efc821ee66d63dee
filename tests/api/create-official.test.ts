import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOfficialAccount } from '../../server/user/service'
import { createTestApp, type TestApp } from '../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('create-official', () => {
  it('creates an OFFICIAL account that can sign in, once per name', async () => {
    expect(await createOfficialAccount(t.db, 'boss', 'Boss1234')).toEqual(expect.any(String))
    expect(await createOfficialAccount(t.db, 'boss', 'Other123')).toBeNull()
    const token = await t.tokenFor('boss', 'Boss1234')
    const info = await t.call<{ role: number; official: boolean }>('/api/user/info', { token })
    expect(info.body.data).toMatchObject({ role: 1, official: true })
  })
})
