import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { parseSearch, stringifySearch } from '@/lib/search-params'
import { isCurrentPage, pageHref, PageLink } from './page-link'

afterEach(cleanup)

/** The console's search format on a router of its own: the home page with the links, and two pages. */
function renderLinks() {
  const root = createRootRoute()
  const home = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <nav>
        <PageLink link={{ to: '/transaction/$transactionId', params: { transactionId: 'T 1/2' } }}>payment</PageLink>
        <PageLink link={{ to: '/merchant', search: { licence: 'expired', status: 'active' } }} active>
          merchants
        </PageLink>
        <PageLink link={{ to: '/merchant' }} target="_blank">
          merchants in a new tab
        </PageLink>
      </nav>
    ),
  })
  const transaction = createRoute({
    getParentRoute: () => root,
    path: '/transaction/$transactionId',
    component: () => <h1>the payment</h1>,
  })
  const merchants = createRoute({ getParentRoute: () => root, path: '/merchant', component: () => <h1>merchants</h1> })
  const router = createRouter({
    routeTree: root.addChildren([home, transaction, merchants]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    parseSearch,
    stringifySearch,
  })
  render(<RouterProvider router={router} />)
  return router
}

describe('PageLink', () => {
  it('has the address the router builds for the same page, params and search', async () => {
    const router = renderLinks()
    const payment = await screen.findByRole('link', { name: 'payment' })
    const built = router.buildLocation({ to: '/transaction/$transactionId', params: { transactionId: 'T 1/2' } })
    expect(payment.getAttribute('href')).toBe(built.href)
    const merchants = screen.getByRole('link', { name: 'merchants' })
    expect(merchants.getAttribute('href')).toBe(
      router.buildLocation({ to: '/merchant', search: { licence: 'expired', status: 'active' } }).href,
    )
    expect(pageHref({ to: '/merchant', search: { market: undefined } })).toBe('/merchant')
  })

  it('is followed by the router on a plain click, and left to the browser with a modifier or another target', async () => {
    const router = renderLinks()
    const payment = await screen.findByRole('link', { name: 'payment' })
    // fireEvent answers false when the handler prevented the browser's own navigation.
    expect(fireEvent.click(payment, { ctrlKey: true })).toBe(true)
    expect(fireEvent.click(payment, { button: 1 })).toBe(true)
    expect(fireEvent.click(screen.getByRole('link', { name: 'merchants in a new tab' }))).toBe(true)
    expect(router.state.location.pathname).toBe('/')
    expect(fireEvent.click(payment)).toBe(false)
    expect(await screen.findByRole('heading', { name: 'the payment' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(
      router.buildLocation({ to: '/transaction/$transactionId', params: { transactionId: 'T 1/2' } }).pathname,
    )
  })

  it('loads the page it leads to when a pointer rests on it, not when it only passes', async () => {
    const router = renderLinks()
    const preload = vi.spyOn(router, 'preloadRoute')
    const payment = await screen.findByRole('link', { name: 'payment' })
    fireEvent.mouseEnter(payment)
    fireEvent.mouseLeave(payment)
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)))
    expect(preload).not.toHaveBeenCalled()
    fireEvent.mouseEnter(payment)
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)))
    expect(preload).toHaveBeenCalledWith({ to: '/transaction/$transactionId', params: { transactionId: 'T 1/2' } })
  })

  it('says which link is the page shown, as the router Link did', async () => {
    renderLinks()
    const merchants = await screen.findByRole('link', { name: 'merchants' })
    expect(merchants.dataset.status).toBe('active')
    expect(merchants.getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'payment' }).hasAttribute('aria-current')).toBe(false)
  })
})

describe('isCurrentPage', () => {
  it('is the page or an ancestor of it, by whole segments', () => {
    expect(isCurrentPage('/merchant', '/merchant')).toBe(true)
    expect(isCurrentPage('/merchant/5/edit', '/merchant')).toBe(true)
    expect(isCurrentPage('/merchants', '/merchant')).toBe(false)
    expect(isCurrentPage('/market', '/merchant')).toBe(false)
    expect(isCurrentPage('/', '/')).toBe(true)
    expect(isCurrentPage('/market', '/')).toBe(false)
  })
})
