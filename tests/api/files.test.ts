import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { ImageType, MAX_UPLOAD_BYTES, type UploadedFile } from '../../contract/files'
import { files, markets } from '../../server/db/schema'
import { claimFiles } from '../../server/files/claim'
import { ApiError } from '../../server/lib/errors'
import { createTestApp, createUser, Role, type TestApp } from '../helpers/test-app'
import {
  HTML,
  PNG,
  TEXT,
  animatedWebp,
  concat,
  hasGpsIfd,
  hugePng,
  jpeg,
  photo,
  pngNumber,
  webp,
} from '../helpers/images'
import { marketInput } from '../helpers/market-input'

let t: TestApp
let official: string
let operatorA: string
let operatorB: string
let marketA: string
let marketB: string

beforeAll(async () => {
  t = await createTestApp()
  await createUser(t.db, { username: 'official', password: 'Official123', role: Role.OFFICIAL })
  official = await t.tokenFor('official', 'Official123')
  const [a] = await t.db.insert(markets).values({ name: 'A' }).returning()
  const [b] = await t.db.insert(markets).values({ name: 'B' }).returning()
  marketA = a!.id
  marketB = b!.id
  await createUser(t.db, { username: '0391001', password: 'Market123', role: Role.MARKET, marketId: marketA })
  await createUser(t.db, { username: '0391002', password: 'Market123', role: Role.MARKET, marketId: marketB })
  operatorA = await t.tokenFor('0391001', 'Market123')
  operatorB = await t.tokenFor('0391002', 'Market123')
})
afterAll(async () => {
  await t.close()
})

const fileCount = async () => (await t.db.select({ id: files.id }).from(files)).length

/** GETs a file path as `token`; the bytes when served. */
async function fetchFile(path: string, token: string) {
  const response = await t.app.request(path, { headers: { Authorization: token, 'Accept-Language': 'en-US' } })
  return { response, bytes: Buffer.from(await response.arrayBuffer()) }
}

/** Uploads as `token` and reads back what is served. */
async function roundTrip(bytes: Uint8Array, token = official) {
  const uploaded = await t.upload<UploadedFile>(bytes, { token })
  expect(uploaded.body.code).toBe(20000)
  const served = await fetchFile(`/api/files/${uploaded.body.data.id}`, token)
  return { uploaded: uploaded.body.data, ...served }
}

describe('POST /api/files', () => {
  it('takes JPEG, PNG and WebP by their content, whatever the name or declared type, and keeps each format', async () => {
    const png = await t.upload<UploadedFile>(PNG, { token: official, filename: 'licence.jpg', type: ImageType.JPEG })
    expect(png.body.data.mime).toBe(ImageType.PNG)
    expect((await t.upload<UploadedFile>(await jpeg(), { token: official, filename: 'x.bin' })).body.data.mime).toBe(
      ImageType.JPEG,
    )
    expect((await t.upload<UploadedFile>(await webp(), { token: official })).body.data.mime).toBe(ImageType.WEBP)
    for (const [bytes, format] of [
      [pngNumber(1), 'png'],
      [await jpeg(6, 3), 'jpeg'],
      [await webp(6, 3), 'webp'],
    ] as const) {
      const { uploaded, response, bytes: served } = await roundTrip(bytes)
      expect(response.headers.get('content-type')).toBe(uploaded.mime)
      expect(served.length).toBe(uploaded.size) // the answer describes the stored, re-encoded bytes
      expect((await sharp(served).metadata()).format).toBe(format)
    }
  })

  it('refuses a text file named .png and stores nothing', async () => {
    const before = await fileCount()
    const answer = await t.upload(TEXT, { token: official, filename: 'photo.png', type: ImageType.PNG })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 40000, msg: 'Only JPEG, PNG or WebP images can be uploaded' })
    expect(await fileCount()).toBe(before)
  })

  it('refuses an image header followed by HTML, and stores nothing', async () => {
    const before = await fileCount()
    const disguised = concat((await jpeg()).subarray(0, 20), HTML)
    expect((await t.upload(disguised, { token: official })).body).toMatchObject({
      code: 40000,
      msg: 'Only JPEG, PNG or WebP images can be uploaded',
    })
    expect(await fileCount()).toBe(before)
  })

  it('never serves bytes appended after an image: refused, or stored as the image alone', async () => {
    for (const image of [await jpeg(3, 3), pngNumber(2), await webp(3, 3)]) {
      const answer = await t.upload<UploadedFile>(concat(image, HTML), { token: official })
      if (answer.body.code !== 20000) {
        expect(answer.body).toMatchObject({ code: 40000, msg: 'Only JPEG, PNG or WebP images can be uploaded' })
        continue
      }
      const { bytes } = await fetchFile(`/api/files/${answer.body.data.id}`, official)
      expect(bytes.includes('<script')).toBe(false)
      expect(bytes.includes('<html')).toBe(false)
    }
  })

  it('stores photos upright and without metadata: the GPS position in EXIF is gone', async () => {
    const sideways = await photo({ sideways: true, gps: true })
    const original = await sharp(sideways).metadata()
    expect(hasGpsIfd(original.exif)).toBe(true) // the test image really carries a position
    expect(original.orientation).toBe(6)
    const { bytes } = await roundTrip(sideways, operatorA)
    const served = await sharp(bytes).metadata()
    expect(served).toMatchObject({ format: 'jpeg', width: 2, height: 4 })
    expect(served.exif).toBeUndefined()
    expect(served.orientation).toBeUndefined()
    expect(served.xmp).toBeUndefined()
    expect(served.icc).toBeUndefined()
  })

  it('refuses a decompression bomb (48 megapixels in a few kilobytes) before decoding it', async () => {
    const bomb = hugePng()
    expect(bomb.length).toBeLessThan(64 * 1024)
    const before = await fileCount()
    expect((await t.upload(bomb, { token: official })).body).toMatchObject({
      code: 40000,
      msg: 'The image is too large: at most 40 megapixels',
    })
    expect(await fileCount()).toBe(before)
  })

  it('keeps the first frame of an animated image only', async () => {
    const animated = await animatedWebp()
    expect((await sharp(animated).metadata()).pages).toBe(2)
    const { bytes } = await roundTrip(animated)
    const served = await sharp(bytes, { animated: true }).metadata()
    expect(served.pages ?? 1).toBe(1)
    expect(served).toMatchObject({ width: 4, height: 4 })
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
    expect(data[0]).toBeGreaterThan(200) // red, the first frame
  })

  it('refuses files over 5 MB with a clear message', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    big.set(PNG)
    const answer = await t.upload(big, { token: official })
    expect(answer.body).toMatchObject({ code: 40000, msg: 'The file is larger than 5 MB' })
  })

  it('stores the same picture once per uploader, even when only its metadata differs', async () => {
    const first = await t.upload<UploadedFile>(pngNumber(7), { token: official })
    const second = await t.upload<UploadedFile>(pngNumber(7), { token: official })
    expect(second.body.data.id).toBe(first.body.data.id)
    // Also when both arrive at once: the unique (uploader, hash) decides, the loser answers with the winner's row.
    const racing = await Promise.all(
      [pngNumber(12), pngNumber(12), pngNumber(12)].map((bytes) => t.upload<UploadedFile>(bytes, { token: official })),
    )
    expect(new Set(racing.map((answer) => answer.body.data.id)).size).toBe(1)
    // Deduplicated on what is stored: the GPS-tagged copy re-encodes to the same bytes as the plain one.
    const plain = await t.upload<UploadedFile>(await photo(), { token: official })
    const tagged = await t.upload<UploadedFile>(await photo({ gps: true }), { token: official })
    expect(tagged.body.data.id).toBe(plain.body.data.id)
    // Per uploader: another person's copy is their own file.
    const other = await t.upload<UploadedFile>(pngNumber(7), { token: operatorA })
    expect(other.body.data.id).not.toBe(first.body.data.id)
  })

  it('answers a missing file field with 40000 and anonymous callers with 1001', async () => {
    expect((await t.upload(PNG, { token: official, field: 'other' })).body).toMatchObject({
      code: 40000,
      msg: 'Choose a file to upload',
    })
    expect((await t.upload(PNG)).body.code).toBe(1001)
  })
})

describe('GET /api/files/:id', () => {
  it('serves the stored image with its type and no-sniff, to whoever may see it', async () => {
    const uploaded = await t.upload<UploadedFile>(pngNumber(8), { token: operatorA })
    const { response, bytes } = await fetchFile(`/api/files/${uploaded.body.data.id}`, operatorA)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(ImageType.PNG)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    // Re-encoded, so compare pixels, not bytes.
    const pixels = (image: Uint8Array) => sharp(image).raw().toBuffer()
    expect(await pixels(bytes)).toEqual(await pixels(pngNumber(8)))
    // Another market's operator cannot tell it exists; platform staff can read it.
    expect((await fetchFile(`/api/files/${uploaded.body.data.id}`, operatorB)).response.status).toBe(404)
    expect((await fetchFile(`/api/files/${uploaded.body.data.id}`, official)).response.status).toBe(200)
  })

  it('lets a market operator read the photos of its own market once registered', async () => {
    const photo = await t.upload<UploadedFile>(pngNumber(9), { token: official })
    const created = await t.call<{ id: string }>('/api/markets', {
      token: official,
      body: marketInput(50, { marketPhotoFileIds: [photo.body.data.id] }),
    })
    expect(created.body.code).toBe(20000)
    const operator = await t.tokenFor('0316100050', 'Market123')
    expect(
      (await t.app.request(`/api/files/${photo.body.data.id}`, { headers: { Authorization: operator } })).status,
    ).toBe(200)
    expect(
      (await t.app.request(`/api/files/${photo.body.data.id}`, { headers: { Authorization: operatorB } })).status,
    ).toBe(404)
  })

  it('takes the same picture for a second market: once a market holds it, uploading it again makes a new file', async () => {
    const first = await t.upload<UploadedFile>(pngNumber(13), { token: official })
    const one = await t.call<{ id: string }>('/api/markets', {
      token: official,
      body: marketInput(52, { marketPhotoFileIds: [first.body.data.id] }),
    })
    expect(one.body.code).toBe(20000)
    const again = await t.upload<UploadedFile>(pngNumber(13), { token: official })
    expect(again.body.data.id).not.toBe(first.body.data.id)
    const two = await t.call<{ id: string }>('/api/markets', {
      token: official,
      body: marketInput(53, { marketPhotoFileIds: [again.body.data.id] }),
    })
    expect(two.body.code).toBe(20000)
    // Unclaimed, it is one file again however often it is sent.
    expect((await t.upload<UploadedFile>(pngNumber(13), { token: official })).body.data.id).not.toBe(first.body.data.id)
    const third = await t.upload<UploadedFile>(pngNumber(13), { token: official })
    expect((await t.upload<UploadedFile>(pngNumber(13), { token: official })).body.data.id).toBe(third.body.data.id)
    // An operator sending its own market's picture again gets the file its market holds.
    const mine = await t.upload<UploadedFile>(pngNumber(14), { token: operatorA })
    expect((await t.upload<UploadedFile>(pngNumber(14), { token: operatorA })).body.data.id).toBe(mine.body.data.id)
  })

  it("refuses to give one market's file to another market, and registers nothing", async () => {
    const own = await t.upload<UploadedFile>(pngNumber(10), { token: operatorA })
    const before = (await t.db.select({ id: markets.id }).from(markets)).length
    const answer = await t.call('/api/markets', {
      token: official,
      body: marketInput(51, { businessLicenceFileId: own.body.data.id }),
    })
    expect(answer.body).toMatchObject({ code: 40000, msg: 'File not found' })
    expect((await t.db.select({ id: markets.id }).from(markets)).length).toBe(before)
    expect(
      (await t.app.request(`/api/files/${own.body.data.id}`, { headers: { Authorization: operatorA } })).status,
    ).toBe(200)
  })
})

describe('GET /api/files/:id/thumbnail', () => {
  it('serves a small WebP of the image, scoped like the image', async () => {
    const uploaded = await t.upload<UploadedFile>(await jpeg(1200, 800), { token: operatorA })
    const path = `/api/files/${uploaded.body.data.id}/thumbnail`
    const { response, bytes } = await fetchFile(path, operatorA)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(ImageType.WEBP)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 240, height: 160 })
    expect(bytes.length).toBeLessThan(uploaded.body.data.size)
    const other = await fetchFile(path, operatorB)
    expect(other.response.status).toBe(404)
    expect(JSON.parse(other.bytes.toString())).toMatchObject({ code: 40400, msg: 'File not found' })
    expect((await fetchFile(path, official)).response.status).toBe(200)
  })

  it('never enlarges a small image', async () => {
    const uploaded = await t.upload<UploadedFile>(pngNumber(11), { token: official })
    const { bytes } = await fetchFile(`/api/files/${uploaded.body.data.id}/thumbnail`, official)
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 2, height: 2 })
  })

  it('makes and keeps the thumbnail of a file stored before thumbnails existed', async () => {
    const content = await jpeg(600, 300)
    const [old] = await t.db
      .insert(files)
      .values({
        sha256: 'stored-before-0003',
        mime: ImageType.JPEG,
        size: content.length,
        content,
        uploadedBy: 'official-uk',
      })
      .returning({ id: files.id })
    const { response, bytes } = await fetchFile(`/api/files/${old!.id}/thumbnail`, official)
    expect(response.status).toBe(200)
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 240, height: 120 })
    const [row] = await t.db.select({ thumbnail: files.thumbnail }).from(files).where(eq(files.id, old!.id))
    expect(Buffer.from(row!.thumbnail!)).toEqual(bytes)
  })

  it('answers 40400 for an old file whose bytes do not decode', async () => {
    const [old] = await t.db
      .insert(files)
      .values({
        sha256: 'junk-before-0003',
        mime: ImageType.PNG,
        size: PNG.length,
        content: concat(PNG.subarray(0, 16), HTML),
        uploadedBy: 'official-uk',
      })
      .returning({ id: files.id })
    expect((await fetchFile(`/api/files/${old!.id}/thumbnail`, official)).response.status).toBe(404)
  })
})

describe('claimFiles', () => {
  const upload = async (bytes: Uint8Array, token: string) =>
    (await t.upload<UploadedFile>(bytes, { token })).body.data.id
  const owner = async (id: string) =>
    (await t.db.select({ marketId: files.marketId }).from(files).where(eq(files.id, id)))[0]?.marketId

  it("makes unowned files the market's and keeps its own", async () => {
    const unowned = await upload(pngNumber(20), official)
    const own = await upload(pngNumber(21), operatorB)
    await t.db.transaction((tx) => claimFiles(tx, { marketId: marketB, fileIds: [unowned, own, unowned] }))
    expect(await owner(unowned)).toBe(marketB)
    expect(await owner(own)).toBe(marketB)
  })

  it("refuses another market's file or an unknown id with 40000 error_file_not_found, claiming nothing", async () => {
    const unowned = await upload(pngNumber(22), official)
    const others = await upload(pngNumber(23), operatorA)
    for (const foreign of [others, '11111111-1111-4111-8111-111111111111']) {
      const claim = t.db.transaction((tx) => claimFiles(tx, { marketId: marketB, fileIds: [unowned, foreign] }))
      await expect(claim).rejects.toThrow(ApiError)
      await expect(claim).rejects.toMatchObject({ code: 40000, messageKey: 'error_file_not_found' })
    }
    expect(await owner(unowned)).toBeNull()
    expect(await owner(others)).toBe(marketA)
  })
})
