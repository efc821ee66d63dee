import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { api } from '@/lib/api-client'
import { queryWrapper, testQueryClient } from '@/test-support/queries'
import { paletteKeys, usePaletteSearch } from './use-palette-search'

vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: vi.fn() }))
const calls = vi.mocked(api)

afterEach(() => {
  cleanup()
  calls.mockReset()
})

const market = { id: 'm1', name: '新华农贸市场', accountUsername: '0314888' }
const merchant = { id: 'x1', name: '王五', marketName: '新华农贸市场', stallNo: 'A-01' }

function setup(text: string, options: { markets: boolean; merchants: boolean; market: string | null }) {
  calls.mockImplementation(
    async (path: string) => ({ list: [path === '/markets' ? market : merchant], total: 1 }) as never,
  )
  const client = testQueryClient()
  const hook = renderHook(({ typed }) => usePaletteSearch(typed, options), {
    wrapper: queryWrapper(client),
    initialProps: { typed: text },
  })
  return { ...hook, client }
}

const sent = () => calls.mock.calls.map(([path, , input]) => [path, (input as { query: unknown }).query])

describe('the palette search', () => {
  it('waits for a pause in typing, then asks both lists once, the merchants in the chosen market', async () => {
    // The palette opens empty; then a word is typed a character at a time.
    const { result, rerender } = setup('', { markets: true, merchants: true, market: 'm1' })
    rerender({ typed: '新' })
    expect(result.current.searching).toBe(true)
    rerender({ typed: '新华' })
    await waitFor(() => expect(result.current.merchants).toEqual([merchant]))
    expect(result.current.markets).toEqual([market])
    expect(sent()).toEqual([
      ['/markets', { q: '新华', pageSize: 5 }],
      ['/merchants', { q: '新华', pageSize: 5, market: 'm1' }],
    ])
    expect(result.current.searching).toBe(false)
  })

  it('asks nothing it may not: an operator never searches markets, and its merchants are its own', async () => {
    const { result, rerender } = setup('', { markets: false, merchants: true, market: null })
    rerender({ typed: '王' })
    await waitFor(() => expect(result.current.merchants).toEqual([merchant]))
    expect(sent()).toEqual([['/merchants', { q: '王', pageSize: 5, market: undefined }]])
    expect(result.current.markets).toEqual([])
  })

  it('sends no empty, blank or unclean text, and shows nothing for it', async () => {
    const { result, rerender } = setup('   ', { markets: true, merchants: true, market: null })
    rerender({ typed: 'a\u0000b' })
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)))
    expect(calls).not.toHaveBeenCalled()
    expect(result.current).toMatchObject({ markets: [], merchants: [], searching: false, failed: null })
  })

  it('says when a search failed', async () => {
    const { result, rerender } = setup('', { markets: false, merchants: true, market: null })
    calls.mockRejectedValue(new Error('down'))
    rerender({ typed: '王' })
    await waitFor(() => expect(result.current.failed).toBeInstanceOf(Error))
  })

  it('keeps its answers under its own keys, apart from the lists', async () => {
    const { result, rerender, client } = setup('', { markets: true, merchants: true, market: 'm1' })
    rerender({ typed: '新华' })
    await waitFor(() => expect(result.current.merchants).toEqual([merchant]))
    expect(client.getQueryData(paletteKeys.markets('新华'))).toEqual({ list: [market], total: 1 })
    expect(client.getQueryData(paletteKeys.merchants('m1', '新华'))).toEqual({ list: [merchant], total: 1 })
    const keys = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey)
    expect(keys.length).toBeGreaterThan(0)
    expect(keys.every((key) => key[0] === paletteKeys.all[0])).toBe(true)
  })
})
