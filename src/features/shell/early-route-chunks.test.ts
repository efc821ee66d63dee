import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AnyRouter } from '@tanstack/react-router'
import { clearToken, setToken } from '@/lib/session'
import { loadRouteChunksEarly } from './early-route-chunks'

/** A router that matches two routes and records which chunks were asked for. */
function fakeRouter() {
  let onBeforeLoad: (event: { toLocation: unknown }) => void = () => undefined
  const loadRouteChunk = vi.fn(() => Promise.resolve())
  const routesById = { '/_console': { id: '/_console' }, '/_console/market/': { id: '/_console/market/' } }
  const router = {
    subscribe: (_event: string, listener: typeof onBeforeLoad) => {
      onBeforeLoad = listener
      return () => undefined
    },
    matchRoutes: () => [{ routeId: '/_console' }, { routeId: '/_console/market/' }, { routeId: '/gone' }],
    routesById,
    loadRouteChunk,
  }
  loadRouteChunksEarly(router as unknown as AnyRouter)
  return { navigate: () => onBeforeLoad({ toLocation: {} }), loadRouteChunk, routesById }
}

afterEach(() => clearToken())

describe('loadRouteChunksEarly', () => {
  it("asks for every matched route's chunk as a signed-in navigation begins", () => {
    setToken('token')
    const { navigate, loadRouteChunk, routesById } = fakeRouter()
    navigate()
    expect(loadRouteChunk.mock.calls).toEqual([[routesById['/_console']], [routesById['/_console/market/']]])
  })

  it('fetches nothing without a session (the guard sends the visitor to sign in)', () => {
    const { navigate, loadRouteChunk } = fakeRouter()
    navigate()
    expect(loadRouteChunk).not.toHaveBeenCalled()
  })
})
