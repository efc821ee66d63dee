import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ColumnDef } from '@tanstack/react-table'
import type { ListResult } from '@/components/async-state/use-list-result'
import { DataTable } from './data-table'
import { RowActions } from './row-actions'

// jsdom lays nothing out: every row gets a table row's height, the window stays 768 px tall.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 53 })
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
})
afterEach(cleanup)
afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
})

type Item = { id: string; name: string }
const columns: ColumnDef<Item, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'open', header: 'Open', cell: ({ row }) => <button type="button">{`Open ${row.original.name}`}</button> },
  {
    id: 'actions',
    header: 'Actions',
    meta: { reuseAcrossRows: true },
    cell: ({ row }) => (
      <RowActions
        rowKey={row.original.id}
        menuLabel={`More actions for ${row.original.name}`}
        actions={[{ id: 'rename', label: 'Rename', run: async () => {} }]}
      />
    ),
  },
]

/** What the page's IntersectionObservers watch (jsdom has none): a test says when an element leaves the window. */
const watched = new Map<Element, IntersectionObserverCallback>()
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    watched.set(element, this.callback)
  }
  disconnect() {
    for (const [element, callback] of watched) if (callback === this.callback) watched.delete(element)
  }
}
const leavesWindow = (element: Element) =>
  act(() =>
    watched.get(element)?.(
      [{ target: element, isIntersecting: false } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    ),
  )

function table(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: String(i), name: `Stall ${i + 1}` }))
  const result: ListResult<Item> = {
    rows,
    total: count,
    status: 'success',
    stale: null,
    error: null,
    fetching: false,
    retry: () => {},
  }
  return render(
    <DataTable
      caption="Stalls"
      columns={columns}
      result={result}
      page={1}
      pageSize={100}
      onPageChange={() => {}}
      sort={null}
      onSortChange={() => {}}
      rowKey={(row) => row.id}
    />,
  )
}

const drawn = () => [...document.querySelectorAll<HTMLElement>('tbody tr[role="row"]')]

describe('DataTable with a long page', () => {
  it('draws the rows in view and says where they are in the whole table', () => {
    table(100)
    const rows = drawn()
    expect(rows.length).toBeGreaterThan(10)
    expect(rows.length).toBeLessThan(40)
    expect(document.querySelector('table')?.getAttribute('aria-rowcount')).toBe('101')
    expect(document.querySelector('thead tr')?.getAttribute('aria-rowindex')).toBe('1')
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2')
    // The rows not drawn are space of their height, hidden from screen readers.
    const space = document.querySelector<HTMLElement>('tbody tr[aria-hidden] td')
    expect(space?.style.height).toBe(`${(100 - rows.length) * 53}px`)
  })

  it('draws every row of a short page, without row positions', () => {
    table(20)
    expect(drawn()).toHaveLength(20)
    expect(document.querySelector('table')?.hasAttribute('aria-rowcount')).toBe(false)
    expect(drawn()[0]?.hasAttribute('aria-rowindex')).toBe(false)
  })

  it('keeps the focused row and the next one drawn, so Tab always has somewhere to go', () => {
    table(100)
    const last = drawn().at(-1)!
    const index = Number(last.dataset.index)
    fireEvent.focus(last.querySelector('button')!)
    expect(drawn().map((row) => Number(row.dataset.index))).toContain(index + 1)
  })

  it('draws every row for printing, and only those in view again afterwards', () => {
    table(100)
    act(() => void window.dispatchEvent(new Event('beforeprint')))
    expect(drawn()).toHaveLength(100)
    act(() => void window.dispatchEvent(new Event('afterprint')))
    expect(drawn().length).toBeLessThan(40)
  })

  it('closes a row menu scrolled out of the window, its row kept drawn and focus back on its button', async () => {
    globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver
    // The table's body starts at the page's top, wherever the window is scrolled to.
    const bodyAt = vi
      .spyOn(HTMLTableSectionElement.prototype, 'getBoundingClientRect')
      .mockImplementation(() => ({ top: -window.scrollY }) as DOMRect)
    table(100)
    const button = () => screen.getByRole('button', { name: 'More actions for Stall 1' })
    fireEvent.pointerDown(button(), { button: 0, ctrlKey: false })
    await screen.findByRole('menuitem', { name: 'Rename' })
    // The page scrolls far down: the first row is out of view, but holds the menu's button.
    Object.defineProperty(window, 'scrollY', { value: 4000, configurable: true })
    act(() => void window.dispatchEvent(new Event('scroll')))
    await waitFor(() => expect(drawn().some((row) => row.textContent?.includes('Stall 80'))).toBe(true))
    expect(drawn().some((row) => row.dataset.index === '0')).toBe(true)
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toBeTruthy()
    leavesWindow(button())
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(document.activeElement).toBe(button())
    bodyAt.mockRestore()
  })
})
