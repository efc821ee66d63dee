import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UploadedFile } from '../../contract/files'
import { files, markets } from '../../server/db/schema'
import { claimFiles } from '../../server/files/claim'
import { sweepUnclaimedFiles, UNCLAIMED_FILE_TTL_MS } from '../../server/files/sweep'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { pngNumber } from '../helpers/images'
import { marketInput } from '../helpers/market-input'
import { merchantInput } from '../helpers/merchant-input'
import { createTestApp, type TestApp } from '../helpers/test-app'

/**
 * Issue 21 §2: uploads that no saved form references are swept a day after their last upload (a form
 * being filled in keeps its pictures for that long); what a market or merchant references stays.
 */

let t: TestApp
let official: { token: string }
let operator: { token: string; marketId: string }
let picture = 1000

beforeAll(async () => {
  // Days pass in these tests: sessions outlive them.
  t = await createTestApp({ sessionTtlSeconds: 30 * 86_400, sessionMaxAgeSeconds: 60 * 86_400 })
  official = await withOfficial(t)
  operator = await withOperator(t, official, 1)
})
afterAll(async () => {
  await t.close()
})

async function upload(token: string, seed = ++picture): Promise<string> {
  const answer = await t.upload<UploadedFile>(pngNumber(seed), { token, type: 'image/png', filename: 'p.png' })
  expect(answer.body.code).toBe(20000)
  return answer.body.data.id
}

const stored = async (ids: string[]) => {
  const rows = await t.db.select({ id: files.id }).from(files)
  const present = new Set(rows.map((row) => row.id))
  return ids.filter((id) => present.has(id))
}

const sweep = (batch?: number) => sweepUnclaimedFiles(t.db, t.time.clock(), batch)

describe('unclaimed uploads', () => {
  it('are swept a day after upload; files a saved market or merchant references stay, whoever uploaded them', async () => {
    const [licence, permit, photo, replaced, replacement, never] = [
      await upload(official.token),
      await upload(official.token),
      await upload(official.token),
      await upload(official.token),
      await upload(official.token),
      await upload(official.token),
    ]
    const [certificate, operatorsOwn] = [await upload(operator.token), await upload(operator.token)]
    const registered = await t.call<{ id: string }>('/api/markets', {
      token: official.token,
      body: marketInput(2, {
        businessLicenceFileId: licence,
        operatingLicenceFileId: permit,
        marketPhotoFileIds: [photo],
      }),
    })
    expect(registered.body.code).toBe(20000)
    // A photo saved, then replaced by another: the first is no longer referenced.
    const withPhoto = marketInput(3, { marketPhotoFileIds: [replaced] })
    const third = await t.call<{ id: string }>('/api/markets', { token: official.token, body: withPhoto })
    const { password: _password, ...fields } = withPhoto
    const edited = await t.call(`/api/markets/${third.body.data.id}`, {
      method: 'PUT',
      token: official.token,
      body: { ...fields, marketPhotoFileIds: [replacement] },
    })
    expect(edited.body.code).toBe(20000)
    const merchant = await t.call('/api/merchants', {
      token: operator.token,
      body: merchantInput(1, { healthCertificateFileId: certificate }),
    })
    expect(merchant.body.code).toBe(20000)
    const all = [licence, permit, photo, replaced, replacement, never, certificate, operatorsOwn]

    t.time.advance(UNCLAIMED_FILE_TTL_MS - 60_000)
    expect(await sweep()).toBe(0)
    expect(await stored(all)).toEqual(all)

    t.time.advance(2 * 60_000)
    // In bites of two: the loop carries on until a bite comes back short.
    expect(await sweep(2)).toBe(3)
    expect(await stored(all)).toEqual([licence, permit, photo, replacement, certificate])
    expect(await sweep()).toBe(0)
  })

  it('count a day from the last upload of the same picture, and a swept picture uploaded again is stored afresh', async () => {
    const kept = await upload(official.token, 7)
    const swept = await upload(official.token, 8)
    t.time.advance(UNCLAIMED_FILE_TTL_MS - 60_000)
    // The form is still being filled in: the same picture chosen again keeps its id and a new day.
    expect(await upload(official.token, 7)).toBe(kept)
    t.time.advance(2 * 60_000)
    expect(await sweep()).toBe(1)
    expect(await stored([kept, swept])).toEqual([kept])
    const again = await upload(official.token, 8)
    expect(again).not.toBe(swept)
    expect(await stored([again])).toEqual([again])
    t.time.advance(2 * UNCLAIMED_FILE_TTL_MS)
    await sweep()
  })

  it('a form naming a swept file is refused with a clear error and saves nothing', async () => {
    const swept = await upload(official.token)
    t.time.advance(UNCLAIMED_FILE_TTL_MS + 1)
    expect(await sweep()).toBe(1)
    const before = (await t.db.select({ id: markets.id }).from(markets)).length
    const answer = await t.call('/api/markets', {
      token: official.token,
      body: marketInput(4, { businessLicenceFileId: swept }),
    })
    expect([answer.status, answer.body.code, answer.body.msg]).toEqual([400, 40000, expect.stringMatching(/file/i)])
    expect((await t.db.select({ id: markets.id }).from(markets)).length).toBe(before)
  })

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'are swept once by two instances sweeping at the same moment (PostgreSQL: two connections)',
    async () => {
      const old = [
        await upload(official.token),
        await upload(official.token),
        await upload(official.token),
        await upload(official.token),
        await upload(official.token),
        await upload(official.token),
      ]
      t.time.advance(UNCLAIMED_FILE_TTL_MS + 1)
      // Bites of one, so the two interleave; a bite that met the other's is left for the next run.
      const counts = await Promise.all([sweep(1), sweep(1)])
      const rest = await sweep()
      expect(counts[0]! + counts[1]! + rest).toBe(old.length)
      expect(await stored(old)).toEqual([])
    },
  )

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'skip a file a form is claiming at that moment (PostgreSQL: a second connection)',
    async () => {
      const claimed = await upload(official.token)
      t.time.advance(UNCLAIMED_FILE_TTL_MS + 1)
      // The operator's market, registered without a licence.
      const marketId = operator.marketId
      await t.db.transaction(async (tx) => {
        await claimFiles(tx, { marketId, fileIds: [claimed] })
        await tx.update(markets).set({ businessLicenceFileId: claimed }).where(eq(markets.id, marketId))
        // The save holds the file's row: another connection's sweep passes it by.
        expect(await sweep()).toBe(0)
      })
      expect(await sweep()).toBe(0)
      expect(await stored([claimed])).toEqual([claimed])
    },
  )
})
