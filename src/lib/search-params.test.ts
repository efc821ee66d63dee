import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { MARKET_LIST } from '@contract/market-list'
import { parseSearch, stringifySearch } from './search-params'

const throughUrl = (search: Record<string, unknown>) => parseSearch(stringifySearch(search))

describe('search params in the URL', () => {
  it('writes plain values, never quoted', () => {
    expect(stringifySearch({ status: '2', q: '123', page: 3 })).toBe('?status=2&q=123&page=3')
    expect(stringifySearch({ q: '唐山 true' })).toBe(`?${new URLSearchParams({ q: '唐山 true' }).toString()}`)
  })

  it('reads every plain value back as the text it was', () => {
    for (const text of ['2', 'true', 'null', '1e3', '-1', '"quoted"', '0314888', '{not json'])
      expect(throughUrl({ q: text })).toEqual({ q: text })
    expect(parseSearch('?q=true&status=2&key=12345678')).toEqual({ q: 'true', status: '2', key: '12345678' })
  })

  it('keeps objects and arrays as JSON, and text that would read as JSON stays text', () => {
    expect(throughUrl({ filter: { a: 1 }, ids: ['x', 'y'] })).toEqual({ filter: { a: 1 }, ids: ['x', 'y'] })
    expect(throughUrl({ q: '{"a":1}' })).toEqual({ q: '{"a":1}' })
    for (const text of ['[1]', '"{}"', '"\\"{}\\""', '"[x']) expect(throughUrl({ q: text })).toEqual({ q: text })
  })

  it("gives a list's schema what it expects from a typed URL and from code", () => {
    const typed = v.parse(MARKET_LIST.search, parseSearch('?page=4&pageSize=50&status=2&q=123'))
    expect(typed).toMatchObject({ page: 4, pageSize: 50, status: '2', q: '123' })
    const fromCode = v.parse(MARKET_LIST.search, throughUrl({ page: 2, pageSize: 20, status: '1' }))
    expect(fromCode).toMatchObject({ page: 2, pageSize: 20, status: '1' })
    const nonsense = v.parse(MARKET_LIST.search, parseSearch('?page=abc&pageSize=33&status=9'))
    expect(nonsense).toMatchObject({ page: 1, pageSize: MARKET_LIST.defaults.pageSize, status: undefined })
  })
})
