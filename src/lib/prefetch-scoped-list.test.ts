import { afterEach, describe, expect, it } from 'vitest'
import { QueryClient, queryOptions } from '@tanstack/react-query'
import { Role } from '@contract/roles'
import { setMarketChoice } from './market-scope'
import { prefetchScopedList } from './prefetch-scoped-list'

type Params = { page: number; market: string | null }

const MARKET_A = '00000000-0000-4000-8000-00000000000a'
const MARKET_B = '00000000-0000-4000-8000-00000000000b'

/** A list query that records what it was asked for. */
function recordingList() {
  const asked: Params[] = []
  const listQuery = (params: Params) =>
    queryOptions({
      queryKey: ['list', params],
      queryFn: () => {
        asked.push(params)
        return { list: [], total: 0 }
      },
    })
  return { asked, listQuery }
}

afterEach(() => setMarketChoice(null))

describe('prefetchScopedList', () => {
  it("asks for an OFFICIAL's URL market, else the remembered choice", async () => {
    const { asked, listQuery } = recordingList()
    const client = new QueryClient()
    const official = { role: Role.OFFICIAL, marketId: null }
    prefetchScopedList(client, official, { page: 2, market: MARKET_A }, listQuery)
    setMarketChoice({ id: MARKET_B, name: 'B' })
    prefetchScopedList(client, official, { page: 1 }, listQuery)
    await new Promise((resolve) => setTimeout(resolve))
    expect(asked).toEqual([
      { page: 2, market: MARKET_A },
      { page: 1, market: MARKET_B },
    ])
  })

  it('holds a MARKET user to their own market whatever the URL says', async () => {
    const { asked, listQuery } = recordingList()
    prefetchScopedList(
      new QueryClient(),
      { role: Role.MARKET, marketId: MARKET_A },
      { page: 1, market: MARKET_B },
      listQuery,
    )
    await new Promise((resolve) => setTimeout(resolve))
    expect(asked).toEqual([{ page: 1, market: MARKET_A }])
  })
})
