import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { DEFAULT_PAGE_SIZE, listQuery } from './list'

const PEOPLE = listQuery({ sorts: ['name', 'createdAt'], defaultSort: 'createdAt', filters: { status: ['1', '2'] } })

describe('listQuery: the API query (strict)', () => {
  it('fills defaults and converts query-string numbers', () => {
    expect(v.parse(PEOPLE.query, {})).toEqual({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sort: 'createdAt',
      order: 'desc',
      q: undefined,
      status: undefined,
    })
    expect(
      v.parse(PEOPLE.query, { page: '3', pageSize: '50', sort: 'name', order: 'asc', q: ' 唐山 ', status: '2' }),
    ).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'name',
      order: 'asc',
      q: '唐山',
      status: '2',
    })
  })

  it('refuses bad values instead of guessing', () => {
    for (const bad of [
      { page: '0' },
      { page: '-1' },
      { page: '1.5' },
      { page: '1e3' },
      { pageSize: '101' },
      { sort: 'password' },
      { order: 'up' },
      { status: '3' },
      { q: 'x'.repeat(101) },
      { q: 'a\u0000' },
    ]) {
      expect(v.safeParse(PEOPLE.query, bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})

describe('listQuery: the route search (lenient)', () => {
  it('falls back per key, so an old or mangled link still opens the list', () => {
    expect(
      v.parse(PEOPLE.search, { page: -4, pageSize: 13, sort: 'nope', order: 1, status: '7', q: 'a\u0000' }),
    ).toEqual({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sort: 'createdAt',
      order: 'desc',
      q: undefined,
      status: undefined,
    })
  })

  it('takes numbers the router parsed from ?q=123 and ?status=2 back as text', () => {
    expect(v.parse(PEOPLE.search, { q: 123 }).q).toBe('123')
    expect(v.parse(PEOPLE.search, { status: 2 }).status).toBe('2')
    expect(v.parse(PEOPLE.search, { status: 3 }).status).toBeUndefined()
  })

  it('names the defaults a route keeps out of the URL', () => {
    expect(PEOPLE.defaults).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: 'createdAt', order: 'desc' })
  })
})
