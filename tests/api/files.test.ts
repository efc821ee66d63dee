import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files, markets } from '../../server/db/schema'
import { createTestApp, createUser, Role, type TestApp } from '../helpers/test-app'
import { JPEG, PNG, TEXT, WEBP, pngNumber } from '../helpers/images'
import { marketInput } from '../helpers/market-input'

let t: TestApp
let official: string
let operatorA: string
let operatorB: string
type Uploaded = { id: string; mime: string; size: number }

beforeAll(async () => {
  t = await createTestApp()
  await createUser(t.db, { username: 'official', password: 'Official123', role: Role.OFFICIAL })
  official = await t.tokenFor('official', 'Official123')
  const [a] = await t.db.insert(markets).values({ name: 'A' }).returning()
  const [b] = await t.db.insert(markets).values({ name: 'B' }).returning()
  await createUser(t.db, { username: '0391001', password: 'Market123', role: Role.MARKET, marketId: a!.id })
  await createUser(t.db, { username: '0391002', password: 'Market123', role: Role.MARKET, marketId: b!.id })
  operatorA = await t.tokenFor('0391001', 'Market123')
  operatorB = await t.tokenFor('0391002', 'Market123')
})
afterAll(async () => {
  await t.close()
})

describe('POST /api/files', () => {
  it('takes JPEG, PNG and WebP by their content, whatever the name or declared type', async () => {
    const png = await t.upload<Uploaded>(PNG, { token: official, filename: 'licence.jpg', type: 'image/jpeg' })
    expect(png.body.data).toMatchObject({ mime: 'image/png', size: PNG.length })
    expect((await t.upload<Uploaded>(JPEG, { token: official, filename: 'x.bin' })).body.data.mime).toBe('image/jpeg')
    expect((await t.upload<Uploaded>(WEBP, { token: official })).body.data.mime).toBe('image/webp')
  })

  it('refuses a text file named .png and stores nothing', async () => {
    const before = (await t.db.select({ id: files.id }).from(files)).length
    const answer = await t.upload(TEXT, { token: official, filename: 'photo.png', type: 'image/png' })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 40000, msg: 'Only JPEG, PNG or WebP images can be uploaded' })
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(before)
  })

  it('refuses files over 5 MB with a clear message', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    big.set(PNG)
    const answer = await t.upload(big, { token: official })
    expect(answer.body).toMatchObject({ code: 40000, msg: 'The file is larger than 5 MB' })
  })

  it('stores identical content once per uploader', async () => {
    const first = await t.upload<Uploaded>(pngNumber(7), { token: official })
    const second = await t.upload<Uploaded>(pngNumber(7), { token: official })
    expect(second.body.data.id).toBe(first.body.data.id)
  })

  it('answers a missing file field with 40000 and anonymous callers with 1001', async () => {
    expect((await t.upload(PNG, { token: official, field: 'other' })).body).toMatchObject({ code: 40000, msg: 'Choose a file to upload' })
    expect((await t.upload(PNG)).body.code).toBe(1001)
  })
})

describe('GET /api/files/:id', () => {
  it('serves the bytes with the sniffed type and no-sniff, to whoever may see them', async () => {
    const uploaded = await t.upload<Uploaded>(pngNumber(8), { token: operatorA })
    const response = await t.app.request(`/api/files/${uploaded.body.data.id}`, { headers: { Authorization: operatorA } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pngNumber(8))
    // Another market's operator cannot tell it exists; platform staff can read it.
    const other = await t.app.request(`/api/files/${uploaded.body.data.id}`, { headers: { Authorization: operatorB, 'Accept-Language': 'en-US' } })
    expect(other.status).toBe(404)
    const staff = await t.app.request(`/api/files/${uploaded.body.data.id}`, { headers: { Authorization: official } })
    expect(staff.status).toBe(200)
  })

  it('lets a market operator read the photos of its own market once registered', async () => {
    const photo = await t.upload<Uploaded>(pngNumber(9), { token: official })
    const created = await t.call<{ id: string }>('/api/markets', { token: official, body: marketInput(50, { marketPhotoFileIds: [photo.body.data.id] }) })
    expect(created.body.code).toBe(20000)
    const operator = await t.tokenFor('0316100050', 'Market123')
    expect((await t.app.request(`/api/files/${photo.body.data.id}`, { headers: { Authorization: operator } })).status).toBe(200)
    expect((await t.app.request(`/api/files/${photo.body.data.id}`, { headers: { Authorization: operatorB } })).status).toBe(404)
  })

  it("refuses to give one market's file to another market, and registers nothing", async () => {
    const own = await t.upload<Uploaded>(pngNumber(10), { token: operatorA })
    const before = (await t.db.select({ id: markets.id }).from(markets)).length
    const answer = await t.call('/api/markets', { token: official, body: marketInput(51, { businessLicenceFileId: own.body.data.id }) })
    expect(answer.body).toMatchObject({ code: 40000, msg: 'File not found' })
    expect((await t.db.select({ id: markets.id }).from(markets)).length).toBe(before)
    expect((await t.app.request(`/api/files/${own.body.data.id}`, { headers: { Authorization: operatorA } })).status).toBe(200)
  })
})
