import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { resetTabs, tabsStore, visitPage } from '@/lib/tabs'
import { DetailPhotos } from './detail-photos'
import { DetailState } from './detail-state'
import { DetailView } from './detail-view'

vi.mock('@/lib/upload', () => ({ fetchImageUrl: () => new Promise(() => {}) }))

afterEach(() => {
  cleanup()
  resetTabs()
})

const PATH = '/market/5a0c1f6e-0000-4000-8000-000000000001'

/** A record's page at its address, on a router of its own (the page names its tab by the address). */
async function renderPage(page: ReactNode) {
  const root = createRootRoute()
  const route = createRoute({ getParentRoute: () => root, path: '/market/$marketId', component: () => page })
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [PATH] }),
  })
  render(<RouterProvider router={router} />)
  await screen.findByRole('heading', { level: 1 })
}

describe('DetailView', () => {
  it('is a page: the record as its heading with its state and actions, sections of label/value rows', async () => {
    await renderPage(
      <DetailView
        title="QZX 农贸市场"
        status={<span>Normal</span>}
        subtitle="0314888"
        actions={<button type="button">Edit</button>}
        sections={[
          {
            id: 'market',
            title: 'Market',
            rows: [
              { label: 'Credit code', value: '91131003MA0000000X' },
              { label: 'Address', value: '河北省廊坊市', wide: true },
            ],
          },
          { id: 'photos', title: 'Photos', content: <p>no photos here</p> },
        ]}
      />,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'QZX 农贸市场' })).toBeTruthy()
    expect(screen.getByText('Normal')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy()
    const market = screen.getByRole('region', { name: 'Market' })
    // Each label names its value: a definition list, term then description.
    const terms = within(market).getAllByRole('term')
    const values = within(market).getAllByRole('definition')
    expect(terms.map((term) => term.textContent)).toEqual(['Credit code', 'Address'])
    expect(values.map((value) => value.textContent)).toEqual(['91131003MA0000000X', '河北省廊坊市'])
    expect(values[1]!.parentElement!.className).toContain('sm:col-span-2')
    expect(within(screen.getByRole('region', { name: 'Photos' })).getByText('no photos here')).toBeTruthy()
  })

  it('says "not given" for an empty value, but shows a zero', async () => {
    await renderPage(
      <DetailView
        title="x"
        sections={[
          {
            id: 's',
            title: 'S',
            rows: [
              { label: 'Notes', value: '' },
              { label: 'Merchant', value: null },
              { label: 'Stalls', value: 0 },
            ],
          },
        ]}
      />,
    )
    const values = screen.getAllByRole('definition').map((value) => value.textContent)
    expect(values).toEqual([`—${m.detail_not_given()}`, `—${m.detail_not_given()}`, '0'])
  })

  it("names its tab and the browser's title by the record, once the tab is there", async () => {
    await renderPage(<DetailView title="QZX 农贸市场" sections={[]} />)
    const title = () => tabsStore.get().tabs.find((tab) => tab.fullPath === PATH)?.title
    expect(title()).toBeUndefined()
    // The tab bar records the page as its navigation ends.
    visitPage({ name: 'MarketDetail', title: 'MarketDetail', fullPath: PATH, query: {} }, null, false)
    await waitFor(() => expect(title()).toBe('QZX 农贸市场'))
    expect(document.title).toBe(`QZX 农贸市场 · ${m.app_title()}`)
  })
})

describe('DetailState', () => {
  const read = (over: Partial<{ data: string; error: unknown; isPending: boolean }>) => ({
    data: undefined,
    error: null,
    isPending: false,
    refetch: vi.fn(),
    ...over,
  })
  const back = <a href="/market">Back to markets</a>

  it('shows the record once read', () => {
    render(
      <DetailState read={read({ data: 'the market' })} notFoundText="Market not found" back={back}>
        {(record) => <h1>{record}</h1>}
      </DetailState>,
    )
    expect(screen.getByRole('heading', { name: 'the market' })).toBeTruthy()
  })

  it("shows the page's shape while it loads, and no heading yet (focus waits for the record's)", () => {
    render(
      <DetailState read={read({ isPending: true })} notFoundText="Market not found" back={back}>
        {() => <h1>never</h1>}
      </DetailState>,
    )
    expect(screen.getByRole('status').textContent).toContain(m.common_loading())
    expect(screen.getByTestId('detail-skeleton')).toBeTruthy()
    expect(screen.queryByRole('heading')).toBeNull()
  })

  it("says not found, as its heading, with the way back, for the server's 40400", () => {
    const notFound = new ApiRequestError('Market not found', 40400, null, 404)
    render(
      <DetailState read={read({ error: notFound })} notFoundText="Market not found" back={back}>
        {() => <h1>never</h1>}
      </DetailState>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Market not found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to markets' }).getAttribute('href')).toBe('/market')
    expect(screen.queryByRole('button', { name: m.common_retry() })).toBeNull()
  })

  it('says what failed otherwise, with a retry', () => {
    const failed = read({ error: new ApiRequestError('Internal server error', 50000, null, 500) })
    render(
      <DetailState read={failed} notFoundText="Market not found" back={back}>
        {() => <h1>never</h1>}
      </DetailState>,
    )
    expect(screen.getByText(m.state_server_title())).toBeTruthy()
    expect(screen.queryByText('Market not found')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: m.common_retry() }))
    expect(failed.refetch).toHaveBeenCalledTimes(1)
  })
})

describe('DetailPhotos', () => {
  it('captions each photo by what it shows', () => {
    render(
      <DetailPhotos
        photos={[
          { id: 'f1', label: 'Business licence' },
          { id: 'f2', label: 'Market photo 1' },
        ]}
      />,
    )
    expect(screen.getAllByRole('figure').map((figure) => figure.textContent)).toEqual([
      'Business licence',
      'Market photo 1',
    ])
  })

  it('says when there are none', () => {
    render(<DetailPhotos photos={[]} />)
    expect(screen.getByText(m.detail_no_photos())).toBeTruthy()
  })
})
