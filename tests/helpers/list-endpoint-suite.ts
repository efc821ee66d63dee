import { describe, expect, it } from 'vitest'
import { DEFAULT_PAGE_SIZE } from '../../contract/list'
import { translate } from '../../server/lib/i18n'
import type { TestApp } from './test-app'

type Context = {
  t: TestApp
  token: string
  /** e.g. '/api/markets' */
  path: string
  /** Rows the caller sees with no filter (at least 25, so paging has pages). */
  total: number
  /** Tokens of callers the endpoint must refuse with 40300. */
  refused?: string[]
  /**
   * For lists of market data: an operator of `ownMarketId`, who must see only its own market's rows
   * whatever `?market=` says (rows carry `marketId`), and another market that has rows.
   */
  scope?: { operatorToken: string; ownMarketId: string; otherMarketId: string }
}

type Suite = {
  name: string
  /** Read inside tests: the file's beforeAll fills it. */
  context: () => Context
  sorts: readonly string[]
  filters?: Record<string, readonly string[]>
  /** Lists market data (merchants, devices): runs the scope check with `context().scope`. */
  scoped?: boolean
  /** A row's market, where the row does not carry it as `marketId` (the audit log's `market.id`). */
  marketOf?: (row: Row) => string | undefined
  /**
   * 'cursor': the list pages by `after` / `before` cursors (`next` / `previous` in its answer) rather
   * than `page` (the transactions list: an offset is too slow at its size).
   */
  paging?: 'page' | 'cursor'
}

type Row = { id: string; marketId?: string; market?: { id: string } | null }
type Page = { list: Row[]; total: number; next?: string | null; previous?: string | null }

/**
 * What every list endpoint owes its callers (DESIGN §5): paging with a total, every sort both ways in
 * a stable order, strict refusal of bad parameters, and refusal of callers outside its scope. Each
 * list endpoint's test file runs it over its own data.
 */
export function listEndpointSuite({
  name,
  context,
  sorts,
  filters = {},
  scoped = false,
  marketOf = (row) => row.marketId,
  paging = 'page',
}: Suite) {
  const cursor = paging === 'cursor'
  const get = async (query: string, token?: string) => {
    const { t, path, token: own } = context()
    return (await t.call<Page>(`${path}?${query}`, { method: 'GET', token: token ?? own })).body
  }

  describe(`${name}: list endpoint`, () => {
    it('pages with the total; the default page size; past the last page: no rows, same total', async () => {
      const { total } = context()
      const first = await get('')
      expect(first.code).toBe(20000)
      expect(first.data.total).toBe(total)
      expect(first.data.list).toHaveLength(Math.min(DEFAULT_PAGE_SIZE, total))
      if (cursor) return
      const beyond = await get(`page=${Math.ceil(total / 10) + 1}&pageSize=10`)
      // (A list may say more of its total, as the audit log's `totalCapped`.)
      expect(beyond.data).toMatchObject({ list: [], total })
    })

    it.each(sorts.flatMap((sort) => [`${sort}:asc`, `${sort}:desc`]))(
      'sorted by %s, pages neither repeat nor skip a row',
      async (pair) => {
        const [sort, order] = pair.split(':') as [string, string]
        const { total } = context()
        const seen: string[] = []
        if (cursor) {
          let after: string | null | undefined = ''
          for (let n = 0; after !== null && n <= total; n++) {
            const answer = await get(`sort=${sort}&order=${order}&pageSize=10${after ? `&after=${after}` : ''}`)
            expect(answer.code).toBe(20000)
            seen.push(...answer.data.list.map((row) => row.id))
            after = answer.data.next
          }
        }
        for (let page = 1; !cursor && page <= Math.ceil(total / 10); page++) {
          const answer = await get(`sort=${sort}&order=${order}&page=${page}&pageSize=10`)
          expect(answer.code).toBe(20000)
          seen.push(...answer.data.list.map((row) => row.id))
        }
        expect(seen).toHaveLength(total)
        expect(new Set(seen).size).toBe(total)
      },
    )

    const bad = [
      ...(cursor
        ? ['after=abc', 'after=1-', 'before=-1-2', 'after=1.5-2', `after=${'9'.repeat(40)}-1`]
        : ['page=0', 'page=-1', 'page=abc', 'page=1.5']),
      'pageSize=0',
      'pageSize=101',
      'sort=__nope',
      'order=sideways',
      `q=${'x'.repeat(101)}`,
      'q=%00',
      ...Object.keys(filters).map((key) => `${key}=__nope`),
    ]
    it.each(bad)('refuses %s with 40000', async (query) => {
      const answer = await get(query)
      expect(answer.code).toBe(40000)
      expect(answer.isSuccess).toBe(false)
    })

    // What the console's search box refuses to send (control characters) still reaches the API from a
    // hand-made address: a 400 naming `q` in the caller's language, never a 500.
    it.each([
      ['en-US', 'no-such-event%00'],
      ['zh-CN', 'no-such-event%00'],
      ['en-US', '%1B%5B31m'],
    ] as const)('in %s, refuses q=%s with a translated field error on q', async (locale, q) => {
      const { t, path, token } = context()
      const answer = await t.call<{ field: string; message: string }[]>(`${path}?q=${q}`, {
        method: 'GET',
        token,
        locale,
      })
      expect(answer.status).toBe(400)
      const message = translate(locale, 'validation_text_characters')
      expect(answer.body).toMatchObject({ code: 40000, isSuccess: false, msg: message })
      expect(answer.body.data).toContainEqual({ field: 'q', message })
    })

    it.each(Object.entries(filters).flatMap(([key, values]) => values.map((value) => `${key}=${value}`)))(
      'filters by %s',
      async (query) => {
        const answer = await get(`${query}&pageSize=100`)
        expect(answer.code).toBe(20000)
        expect(answer.data.total).toBeLessThanOrEqual(context().total)
      },
    )

    it('refuses callers outside its scope', async () => {
      for (const token of context().refused ?? []) expect((await get('', token)).code).toBe(40300)
    })

    it.runIf(scoped)('holds an operator to its own market whatever it asks for', async () => {
      const scope = context().scope
      if (!scope) throw new Error('a scoped list needs context().scope')
      for (const query of ['pageSize=100', `market=${scope.otherMarketId}&pageSize=100`]) {
        const answer = await get(query, scope.operatorToken)
        expect(answer.code).toBe(20000)
        expect(answer.data.list.length).toBeGreaterThan(0)
        expect(answer.data.list.every((row) => marketOf(row) === scope.ownMarketId)).toBe(true)
      }
      const other = await get(`market=${scope.otherMarketId}&pageSize=100`)
      expect(other.data.list.every((row) => marketOf(row) === scope.otherMarketId)).toBe(true)
    })
  })
}
