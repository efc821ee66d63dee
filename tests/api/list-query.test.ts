import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { markets } from '../../server/db/schema'
import type { DatabaseHandle } from '../../server/db/client'
import { allOf, listPage, matchAny, orderBy, pageRange, windowTotal } from '../../server/lib/list-query'
import { createTestDb } from '../helpers/test-db'

let handle: DatabaseHandle
const NAMES = ['100% 鲜', '100 鲜', 'a_b 市场', 'ab 市场', 'back\\slash', '同名', '同名', '同名', '同名', '同名']

beforeAll(async () => {
  handle = await createTestDb()
  await handle.db.insert(markets).values(NAMES.map((name, i) => ({ name, stallCount: i % 3 })))
})
afterAll(async () => {
  await handle.close()
})

async function page(options: {
  q?: string
  sort: 'name' | 'stallCount'
  order: 'asc' | 'desc'
  page: number
  pageSize: number
}) {
  const where = allOf(matchAny(options.q, [markets.name, markets.address]))
  const rows = await handle.db
    .select({ id: markets.id, name: markets.name, total: windowTotal() })
    .from(markets)
    .where(where)
    .orderBy(
      ...orderBy({ name: markets.name, stallCount: markets.stallCount }, options.sort, options.order, markets.id),
    )
    .limit(pageRange(options).limit)
    .offset(pageRange(options).offset)
  return listPage(
    rows,
    options.page,
    async () => (await handle.db.select({ n: count() }).from(markets).where(where))[0]?.n ?? 0,
  )
}

describe('list query kit', () => {
  it('searches for %, _ and \\ literally, not as wildcards', async () => {
    expect((await page({ q: '%', sort: 'name', order: 'asc', page: 1, pageSize: 20 })).list.map((r) => r.name)).toEqual(
      ['100% 鲜'],
    )
    expect(
      (await page({ q: 'a_b', sort: 'name', order: 'asc', page: 1, pageSize: 20 })).list.map((r) => r.name),
    ).toEqual(['a_b 市场'])
    expect(
      (await page({ q: '\\', sort: 'name', order: 'asc', page: 1, pageSize: 20 })).list.map((r) => r.name),
    ).toEqual(['back\\slash'])
  })

  it('pages through equal sort values in a fixed order: no row twice, none missed', async () => {
    const seen: string[] = []
    for (let p = 1; p <= 4; p++)
      seen.push(...(await page({ sort: 'stallCount', order: 'asc', page: p, pageSize: 3 })).list.map((r) => r.id))
    expect(seen).toHaveLength(NAMES.length)
    expect(new Set(seen).size).toBe(NAMES.length)
  })

  it('gives the total with the rows, and still past the last page', async () => {
    const first = await page({ q: '同名', sort: 'name', order: 'asc', page: 1, pageSize: 2 })
    expect(first.total).toBe(5)
    expect(first.list).toHaveLength(2)
    expect(first.list[0]).not.toHaveProperty('total')
    const beyond = await page({ q: '同名', sort: 'name', order: 'asc', page: 9, pageSize: 2 })
    expect(beyond).toEqual({ list: [], total: 5 })
    expect(await page({ q: 'nothing like it', sort: 'name', order: 'asc', page: 1, pageSize: 2 })).toEqual({
      list: [],
      total: 0,
    })
  })
})
