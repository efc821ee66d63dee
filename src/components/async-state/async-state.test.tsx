import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { queryWrapper } from '@/test-support/queries'
import { AsyncState } from './async-state'
import { reachability } from './reachability'
import { StaleNote } from './stale-note'
import { useListResult } from './use-list-result'
import { SLOW_AFTER_MS } from './use-slow'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

const failures = [
  [
    'a server out of reach (a network error while the browser is online)',
    new ApiRequestError('Network Error', 0, null, 0, 'network'),
    m.state_unreachable_title(),
    m.state_unreachable_description(),
  ],
  [
    'a server out of reach (a proxy answering 502 for it)',
    new ApiRequestError('Request failed with status code 502', 0, null, 502, 'http'),
    m.state_unreachable_title(),
    m.state_unreachable_description(),
  ],
  [
    "a page's code that did not arrive (a failed import())",
    new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/device-x1.js'),
    m.state_unreachable_title(),
    m.state_unreachable_description(),
  ],
  [
    'a timeout (504 from the proxy)',
    new ApiRequestError('Request failed with status code 504', 0, null, 504, 'http'),
    m.state_timeout_title(),
    m.state_timeout_description(),
  ],
  [
    'a server error (50000)',
    new ApiRequestError('Internal server error', 50000, null, 500),
    m.state_server_title(),
    m.state_server_description(),
  ],
  [
    "another refusal, in the server's words",
    new ApiRequestError('Market not found', 40400, null, 404),
    m.state_other_title(),
    'Market not found',
  ],
  [
    'a fault of the page itself',
    new TypeError('x is not a function'),
    m.state_other_title(),
    m.state_unexpected_description(),
  ],
] as const

describe('AsyncState', () => {
  it.each(failures)('says what happened for %s and retries', (_kind, error, title, description) => {
    const retry = vi.fn()
    render(<AsyncState state="error" error={error} onRetry={retry} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(title)
    expect(alert.textContent).toContain(description)
    fireEvent.click(screen.getByRole('button', { name: m.common_retry() }))
    expect(retry).toHaveBeenCalledOnce()
  })

  it('says offline when the browser knows it is, whatever the error', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    render(<AsyncState state="error" error={new ApiRequestError('Internal server error', 50000, null, 500)} />)
    expect(screen.getByRole('alert').textContent).toContain(m.state_offline_title())
  })

  it.each([
    ['the server is out of reach', new ApiRequestError('Network Error', 0, null, 0, 'network'), true],
    ["a page's code did not arrive", new TypeError('Importing a module script failed.'), true],
    ['the server failed', new ApiRequestError('Internal server error', 50000, null, 500), false],
  ])('retries by itself when the server answers again only when %s', (_case, error, retries) => {
    let answered = () => {}
    const cancel = vi.fn()
    const wait = vi.spyOn(reachability, 'wait').mockImplementation((waiter) => {
      answered = waiter
      return cancel
    })
    const retry = vi.fn()
    const { unmount } = render(<AsyncState state="error" error={error} onRetry={retry} />)
    expect(wait).toHaveBeenCalledTimes(retries ? 1 : 0)
    act(() => answered())
    expect(retry).toHaveBeenCalledTimes(retries ? 1 : 0)
    unmount()
    expect(cancel).toHaveBeenCalledTimes(retries ? 1 : 0)
  })

  it('a list whose new rows could not reach the server retries by itself when it answers', () => {
    let answered = () => {}
    vi.spyOn(reachability, 'wait').mockImplementation((waiter) => {
      answered = waiter
      return () => {}
    })
    const retry = vi.fn()
    render(<StaleNote stale="failed" error={new ApiRequestError('', 0, null, 0, 'network')} onRetry={retry} />)
    act(() => answered())
    expect(retry).toHaveBeenCalledOnce()
  })

  it('loads quietly, then says it is slow and offers a retry', () => {
    vi.useFakeTimers()
    const retry = vi.fn()
    render(<AsyncState state="loading" onRetry={retry} />)
    expect(screen.getByRole('status').textContent).toContain(m.common_loading())
    expect(screen.queryByRole('button')).toBeNull()
    act(() => vi.advanceTimersByTime(SLOW_AFTER_MS))
    expect(screen.getByRole('status').textContent).toContain(m.state_slow())
    fireEvent.click(screen.getByRole('button', { name: m.common_retry() }))
    expect(retry).toHaveBeenCalledOnce()
  })

  it('says when there is nothing', () => {
    render(<AsyncState state="empty" emptyText="Nothing matches" />)
    expect(screen.getByText('Nothing matches')).toBeTruthy()
  })
})

describe('useListResult', () => {
  it('keeps the previous rows while a new search loads and after it fails, always marked stale', async () => {
    const wrapper = queryWrapper()
    let answer: (value: { list: string[]; total: number }) => void = () => {}
    let fail: (error: unknown) => void = () => {}
    const { result, rerender } = renderHook(
      ({ q }: { q: string }) =>
        useListResult(
          useQuery(
            queryOptions({
              queryKey: ['markets', q],
              queryFn: () =>
                new Promise<{ list: string[]; total: number }>((resolve, reject) => {
                  answer = resolve
                  fail = reject
                }),
              placeholderData: (previous) => previous,
            }),
          ),
        ),
      { wrapper, initialProps: { q: '' } },
    )
    expect(result.current).toMatchObject({ rows: undefined, status: 'pending', stale: null })
    act(() => answer({ list: ['新华农贸市场'], total: 1 }))
    await waitFor(() =>
      expect(result.current).toMatchObject({ rows: ['新华农贸市场'], status: 'success', stale: null }),
    )

    rerender({ q: '广阳' })
    await waitFor(() =>
      expect(result.current).toMatchObject({ rows: ['新华农贸市场'], status: 'pending', stale: 'loading' }),
    )
    const unreachable = new ApiRequestError('Network Error', 0, null, 0, 'network')
    act(() => fail(unreachable))
    await waitFor(() =>
      expect(result.current).toMatchObject({
        rows: ['新华农贸市场'],
        status: 'error',
        stale: 'failed',
        error: unreachable,
      }),
    )

    // What the table shows above those rows: the failure's kind and a retry.
    render(<StaleNote stale={result.current.stale} error={result.current.error} onRetry={() => {}} />)
    expect(screen.getByRole('alert').textContent).toContain(m.state_unreachable_title())
    expect(screen.getByRole('alert').textContent).toContain(m.list_stale_failed())
  })
})
