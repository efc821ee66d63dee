import { afterEach, describe, expect, it } from 'vitest'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { queryWrapper } from '@/test-support/queries'
import { useLiveRefresh } from './live-stream'

afterEach(cleanup)

/** A query whose answers the test hands out one by one; it keeps each request's signal. */
function slowServer() {
  const requests: { signal: AbortSignal; answer: (value: string) => void }[] = []
  const queryFn = ({ signal }: { signal: AbortSignal }) =>
    new Promise<string>((resolve) => requests.push({ signal, answer: resolve }))
  return { requests, queryFn }
}

function setup(server: ReturnType<typeof slowServer>, periodMs = 30) {
  const wrapper = queryWrapper()
  return renderHook(
    () => ({
      counts: useQuery(queryOptions({ queryKey: ['messages', 'unread'], queryFn: server.queryFn })),
      refresh: useLiveRefresh(['messages'], periodMs),
    }),
    { wrapper },
  )
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('useLiveRefresh', () => {
  it('never cancels the answer on its way, and reads once more after it', async () => {
    const server = slowServer()
    const { result } = setup(server)
    await waitFor(() => expect(server.requests).toHaveLength(1))
    // A burst of events while the first answer is on its way.
    for (let i = 0; i < 5; i++) result.current.refresh()
    await pause(100)
    expect(server.requests[0]?.signal.aborted).toBe(false)
    server.requests[0]?.answer('before the events')
    await waitFor(() => expect(result.current.counts.data).toBe('before the events'))
    // That answer may predate the events: read once more.
    await waitFor(() => expect(server.requests).toHaveLength(2))
    server.requests[1]?.answer('after the events')
    await waitFor(() => expect(result.current.counts.data).toBe('after the events'))
    await pause(150)
    expect(server.requests).toHaveLength(2)
  })

  it('reads at once when idle, then at most once per period', async () => {
    const server = slowServer()
    const { result } = setup(server, 400)
    await waitFor(() => expect(server.requests).toHaveLength(1))
    server.requests[0]?.answer('first')
    await waitFor(() => expect(result.current.counts.data).toBe('first'))
    result.current.refresh()
    await waitFor(() => expect(server.requests).toHaveLength(2))
    server.requests[1]?.answer('second')
    await waitFor(() => expect(result.current.counts.data).toBe('second'))
    result.current.refresh()
    result.current.refresh()
    // Within the period: one read, at its end.
    await pause(100)
    expect(server.requests).toHaveLength(2)
    await waitFor(() => expect(server.requests).toHaveLength(3), { timeout: 1_000 })
    server.requests[2]?.answer('third')
    await pause(600)
    expect(server.requests).toHaveLength(3)
  })
})
