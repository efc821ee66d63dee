import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useCallback } from 'react'
import {
  Link,
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  stripSearchParams,
  useNavigate,
  useSearch,
} from '@tanstack/react-router'
import type { ListSearchOf } from '@contract/list'
import { MARKET_LIST } from '@contract/market-list'
import { m } from '@/paraglide/messages'
import { SearchBox } from './search-box'
import { SEARCH_DELAY_MS, useListSearch } from './use-list-search'

type MarketSearch = ListSearchOf<typeof MARKET_LIST>

/** The market list's search, on a router of its own: the same search schema and defaults as the app's route. */
function MarketList() {
  const search = useSearch({ strict: false }) as MarketSearch
  const navigate = useNavigate()
  const onSearchChange = useCallback(
    (next: Partial<MarketSearch>) =>
      void navigate({
        to: '/market',
        search: (previous) => ({ ...(previous as MarketSearch), ...next }),
        replace: true,
      }),
    [navigate],
  )
  const list = useListSearch(search, onSearchChange)
  return <SearchBox label="Search markets" value={list.text} onChange={list.setText} />
}

function renderList(initial: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <Link to="/market">Market management</Link>
        <Outlet />
      </>
    ),
  })
  const market = createRoute({
    getParentRoute: () => root,
    path: '/market',
    validateSearch: MARKET_LIST.search,
    search: { middlewares: [stripSearchParams(MARKET_LIST.defaults)] },
    component: MarketList,
  })
  const router = createRouter({
    routeTree: root.addChildren([market]),
    history: createMemoryHistory({ initialEntries: [initial] }),
  })
  render(<RouterProvider router={router} />)
  return router
}

const box = () => screen.getByRole('searchbox', { name: 'Search markets' }) as HTMLInputElement
const query = (router: ReturnType<typeof renderList>) => new URLSearchParams(router.state.location.searchStr).get('q')
/** Long enough for any write the box still had waiting to have happened. */
const afterDebounce = () => act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS * 2)))

afterEach(cleanup)

describe('useListSearch', () => {
  it('follows the URL when it changes underneath, and does not write its old text back', async () => {
    const router = renderList('/market?q=alpha')
    await waitFor(() => expect(box().value).toBe('alpha'))
    // Another tab of the same page, differing only by its query.
    await act(() => router.history.push('/market?q=beta'))
    await waitFor(() => expect(box().value).toBe('beta'))
    await afterDebounce()
    expect(query(router)).toBe('beta')
    expect(box().value).toBe('beta')
  })

  it('typing waits for a pause, then becomes the URL (replacing the entry, back to page 1)', async () => {
    const router = renderList('/market?q=beta&page=3')
    await waitFor(() => expect(box().value).toBe('beta'))
    const entries = router.history.length
    fireEvent.change(box(), { target: { value: 'gamma ' } })
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS / 3)))
    expect(query(router)).toBe('beta')
    await waitFor(() => expect(query(router)).toBe('gamma'))
    expect(router.state.location.search).not.toHaveProperty('page')
    expect(router.history.length).toBe(entries)
    // The URL coming back trimmed leaves what the user typed alone.
    expect(box().value).toBe('gamma ')
  })

  it('drops a write still waiting when the URL changes first', async () => {
    const router = renderList('/market?q=alpha')
    await waitFor(() => expect(box().value).toBe('alpha'))
    fireEvent.change(box(), { target: { value: 'delta' } })
    await act(() => router.history.push('/market?q=epsilon'))
    await waitFor(() => expect(box().value).toBe('epsilon'))
    await afterDebounce()
    expect(query(router)).toBe('epsilon')
  })

  it('a link to the same page with no query clears the search', async () => {
    const router = renderList('/market?q=alpha&status=2')
    await waitFor(() => expect(box().value).toBe('alpha'))
    fireEvent.click(screen.getByRole('link', { name: 'Market management' }))
    await waitFor(() => expect(box().value).toBe(''))
    await afterDebounce()
    expect(router.state.location.searchStr).toBe('')
  })

  it('does not search for text with control characters: the URL stays, the box keeps the text and says why', async () => {
    const router = renderList('/market?q=alpha')
    await waitFor(() => expect(box().value).toBe('alpha'))
    fireEvent.change(box(), { target: { value: 'no-such-event\u0000' } })
    await afterDebounce()
    expect(query(router)).toBe('alpha')
    expect(box().value).toBe('no-such-event\u0000')
    expect(screen.getByRole('alert').textContent).toBe(m.search_text_refused())

    // Mended, it is searched for, and the message goes.
    fireEvent.change(box(), { target: { value: 'no-such-event' } })
    await waitFor(() => expect(query(router)).toBe('no-such-event'))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
