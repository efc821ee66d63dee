import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import * as v from 'valibot'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  useNavigate,
} from '@tanstack/react-router'
import { useListNavigation } from './use-list-navigation'

const SearchSchema = v.object({
  q: v.optional(v.string()),
  status: v.optional(v.picklist(['1', '2'])),
  redirect: v.optional(v.picklist(['MerchantEdit'])),
})
type Search = v.InferOutput<typeof SearchSchema>

const CLEARED: Partial<Search> = { redirect: undefined }

/** A list route of its own, with or without a marker its navigation clears. */
function renderList(initial: string, clears: boolean) {
  const root = createRootRoute()
  const list = createRoute({
    getParentRoute: () => root,
    path: '/list',
    validateSearch: SearchSchema,
    component: function List() {
      const navigate = useNavigate()
      // This router is not the app's registered one, so its paths are not in the router's types.
      const onSearchChange = useListNavigation<Search>(
        (options) => navigate({ to: '/list', ...options } as never),
        clears ? CLEARED : undefined,
      )
      return (
        <button type="button" onClick={() => onSearchChange({ status: '2' })}>
          Frozen only
        </button>
      )
    },
  })
  const router = createRouter({
    routeTree: root.addChildren([list]),
    history: createMemoryHistory({ initialEntries: [initial] }),
  })
  render(<RouterProvider router={router} />)
  return router
}

afterEach(cleanup)

describe('useListNavigation', () => {
  it('merges the change into the search, replacing the history entry', async () => {
    const router = renderList('/list?q=alpha&redirect=MerchantEdit', false)
    const entries = router.history.length
    fireEvent.click(await screen.findByRole('button', { name: 'Frozen only' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: '2' }))
    expect(router.state.location.search).toEqual({ q: 'alpha', status: '2', redirect: 'MerchantEdit' })
    expect(router.history.length).toBe(entries)
  })

  it('drops the markers it is told to clear, keeping the rest', async () => {
    const router = renderList('/list?q=alpha&redirect=MerchantEdit', true)
    fireEvent.click(await screen.findByRole('button', { name: 'Frozen only' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: '2' }))
    expect(router.state.location.search).toEqual({ q: 'alpha', status: '2' })
    expect(router.state.location.searchStr).not.toContain('redirect')
  })
})
