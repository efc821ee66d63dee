import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import type { ColumnDef } from '@tanstack/react-table'
import type { ListResult } from '@/components/async-state/use-list-result'
import { DataTable } from './data-table'
import { RowActions } from './row-actions'
import { SearchBox } from './search-box'

// Radix's popper measures its anchor; jsdom has no ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
})
afterEach(cleanup)

type Merchant = { id: string; name: string }
const PAGES: Merchant[][] = [
  [
    { id: 'a', name: '王记' },
    { id: 'b', name: '李记' },
  ],
  [
    { id: 'c', name: '张记' },
    { id: 'd', name: '赵记' },
  ],
]

/** A cell with state of its own, in a column the table keys by row (the default). */
function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`${name}: ${count}`}
    </button>
  )
}

function columns(leave: (id: string) => Promise<unknown>): ColumnDef<Merchant, unknown>[] {
  return [
    { id: 'name', accessorKey: 'name', header: 'Name' },
    { id: 'count', header: 'Count', cell: ({ row }) => <Counter name={row.original.name} /> },
    {
      id: 'actions',
      header: 'Actions',
      // Kept in place from row to row: RowActions keys its menu and confirm by the row.
      meta: { reuseAcrossRows: true },
      cell: ({ row }) => (
        <RowActions
          rowKey={row.original.id}
          menuLabel={`More actions for ${row.original.name}`}
          actions={[
            {
              id: 'leave',
              label: 'Mark as left',
              confirm: { description: `${row.original.name} leaves?` },
              run: () => leave(row.original.id),
            },
          ]}
        />
      ),
    },
  ]
}

function renderTable(onPageChange: (page: number, pageSize: number) => void = () => {}) {
  const leave = vi.fn(async (_id: string) => {})
  const cols = columns(leave)
  const table = (page: number) => {
    const rows = PAGES[page - 1]!
    const result: ListResult<Merchant> = {
      rows,
      total: 4,
      status: 'success',
      stale: null,
      error: null,
      fetching: false,
      retry: () => {},
    }
    return (
      <DataTable
        caption="Merchants"
        columns={cols}
        result={result}
        page={page}
        pageSize={2}
        onPageChange={onPageChange}
        sort={null}
        onSortChange={() => {}}
        rowKey={(row) => row.id}
      />
    )
  }
  const view = render(table(1))
  return { leave, showPage: (page: number) => view.rerender(table(page)) }
}

const bodyRows = () => [...document.querySelectorAll('tbody tr')]
const openMenu = (name: string) =>
  fireEvent.pointerDown(screen.getByRole('button', { name: `More actions for ${name}` }), { button: 0, ctrlKey: false })

describe('DataTable across a page switch', () => {
  it('updates the rows on screen in place instead of drawing new ones', () => {
    const { showPage } = renderTable()
    const [first] = bodyRows()
    showPage(2)
    expect(bodyRows()[0]).toBe(first)
    expect(first?.textContent).toContain('张记')
  })

  it('drops a confirm opened on one row, and the row now in its place acts only for itself', async () => {
    const { leave, showPage } = renderTable()
    openMenu('王记')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark as left' }))
    expect((await screen.findByRole('alertdialog')).textContent).toContain('王记 leaves?')

    showPage(2)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(screen.queryByRole('menu')).toBeNull()
    expect(leave).not.toHaveBeenCalled()
    // The same place now holds 张记: its menu starts closed, and what it confirms is 张记's.
    const menuButton = screen.getByRole('button', { name: 'More actions for 张记' })
    expect(menuButton.getAttribute('aria-expanded')).toBe('false')
    openMenu('张记')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark as left' }))
    expect((await screen.findByRole('alertdialog')).textContent).toContain('张记 leaves?')
    fireEvent.click(screen.getByRole('button', { name: 'Mark as left' }))
    await waitFor(() => expect(leave).toHaveBeenCalledOnce())
    expect(leave).toHaveBeenCalledWith('c')
  })

  it('finds a row menu closed when coming back to its row', async () => {
    const { showPage } = renderTable()
    openMenu('王记')
    await screen.findByRole('menuitem', { name: 'Mark as left' })
    showPage(2)
    showPage(1)
    expect(screen.queryByRole('menu')).toBeNull()
    expect(screen.getByRole('button', { name: 'More actions for 王记' }).getAttribute('aria-expanded')).toBe('false')
  })

  it('gives a stateful cell fresh state for every row (cells are keyed by row unless a column says otherwise)', () => {
    const { showPage } = renderTable()
    fireEvent.click(screen.getByRole('button', { name: '王记: 0' }))
    expect(screen.getByRole('button', { name: '王记: 1' })).toBeTruthy()
    showPage(2)
    expect(screen.getByRole('button', { name: '张记: 0' })).toBeTruthy()
    showPage(1)
    expect(screen.getByRole('button', { name: '王记: 0' })).toBeTruthy()
  })
})

/**
 * Rows shown in a table, then others in their place (`show`), as a list's new answer would: the
 * table's rows keyed by id. `toolbar` puts a search box above it (focus has somewhere to go).
 */
function renderRows(rows: Merchant[], { toolbar = false } = {}) {
  const leave = vi.fn(async (_id: string) => {})
  const cols = columns(leave)
  const table = (shown: Merchant[]) => (
    <DataTable
      caption="Merchants"
      toolbar={toolbar ? <SearchBox label="Search merchants" value="" onChange={() => {}} /> : undefined}
      columns={cols}
      result={{
        rows: shown,
        total: shown.length,
        status: 'success',
        stale: null,
        error: null,
        fetching: false,
        retry: () => {},
      }}
      page={1}
      pageSize={20}
      onPageChange={() => {}}
      sort={null}
      onSortChange={() => {}}
      rowKey={(row) => row.id}
    />
  )
  const view = render(table(rows))
  return { leave, show: (next: Merchant[]) => view.rerender(table(next)) }
}

describe('DataTable when a row moves', () => {
  const [wang, li, zhang] = [PAGES[0]![0]!, PAGES[0]![1]!, PAGES[1]![0]!]
  // A search typed just before a row's menu was used arrives with the confirm open: the row is first now.
  it('keeps its open confirm, which still acts for it, when the list answers with the row elsewhere', async () => {
    const { leave, show } = renderRows([wang, li, zhang])
    openMenu('张记')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark as left' }))
    const dialog = await screen.findByRole('alertdialog')
    const confirm = screen.getByRole('button', { name: 'Mark as left' })

    show([zhang])
    expect(screen.getByRole('alertdialog')).toBe(dialog)
    expect(screen.getByRole('button', { name: 'Mark as left' })).toBe(confirm)
    fireEvent.click(confirm)
    await waitFor(() => expect(leave).toHaveBeenCalledExactlyOnceWith('c'))
  })

  it("keeps a cell's state, and its row element, when the row moves up or down the page", () => {
    const { show } = renderRows([wang, li, zhang])
    fireEvent.click(screen.getByRole('button', { name: '张记: 0' }))
    const row = bodyRows()[2]
    show([zhang, wang])
    expect(bodyRows()[0]).toBe(row)
    expect(screen.getByRole('button', { name: '张记: 1' })).toBeTruthy()
    show([li, wang, zhang])
    expect(bodyRows()[2]).toBe(row)
    expect(screen.getByRole('button', { name: '张记: 1' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '李记: 0' })).toBeTruthy()
  })
})

describe('DataTable turning a page', () => {
  const scrolledTo = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
  // "Next page", whatever the language the tests run in.
  const nextPage = () => screen.getByRole('button', { name: /^(Next|下一页)$/ })
  afterEach(() => {
    scrolledTo(0)
    vi.restoreAllMocks()
  })

  it('brings a scrolled window back to the top at the click, before the new page is asked for', () => {
    const calls: string[] = []
    vi.spyOn(window, 'scrollTo').mockImplementation(() => calls.push('scroll'))
    renderTable((page) => calls.push(`page ${page}`))
    scrolledTo(640)
    fireEvent.click(nextPage())
    expect(calls).toEqual(['scroll', 'page 2'])
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 })
  })

  it('leaves a window already at the top alone', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    const onPageChange = vi.fn()
    renderTable(onPageChange)
    fireEvent.click(nextPage())
    expect(onPageChange).toHaveBeenCalledWith(2, 2)
    expect(scroll).not.toHaveBeenCalled()
  })
})

describe('DataTable keeping focus when rows go away', () => {
  const [wang, li, zhang] = [PAGES[0]![0]!, PAGES[0]![1]!, PAGES[1]![0]!]
  const menuOf = (name: string) => screen.getByRole('button', { name: `More actions for ${name}` })

  // As Chromium does: a focused element that is removed blurs (towards nothing) as it goes.
  const removeFocused = (show: () => void) =>
    act(() => {
      ;(document.activeElement as HTMLElement).blur()
      show()
    })

  // As a keyboard user opens it: the focus was in the row before it went into the menu.
  const openMenuFromKeyboard = (name: string) => {
    menuOf(name).focus()
    fireEvent.keyDown(menuOf(name), { key: 'Enter' })
  }

  it('gives focus to the row now in its place when the row goes with its confirm open, or to the row before the last', async () => {
    const { show } = renderRows([wang, li, zhang], { toolbar: true })
    openMenuFromKeyboard('李记')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark as left' }))
    await screen.findByRole('alertdialog')
    // 李记 leaves the list (marked left elsewhere, filtered out): 张记 takes its place, the confirm goes.
    removeFocused(() => show([wang, zhang]))
    await waitFor(() => expect(document.activeElement).toBe(menuOf('张记')))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    // The last row goes: focus goes to the row before it.
    menuOf('张记').focus()
    removeFocused(() => show([wang]))
    await waitFor(() => expect(document.activeElement).toBe(menuOf('王记')))
  })

  it('sends focus to the search box when the last row goes with focus in it', async () => {
    const { show } = renderRows([wang], { toolbar: true })
    menuOf('王记').focus()
    removeFocused(() => show([]))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search merchants' })),
    )
  })

  it('sends focus to the search box when the last row goes with its confirm open', async () => {
    const { show } = renderRows([wang], { toolbar: true })
    openMenuFromKeyboard('王记')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark as left' }))
    await screen.findByRole('alertdialog')
    removeFocused(() => show([]))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search merchants' })),
    )
  })

  it('leaves focus where the user put it outside the table', async () => {
    const { show } = renderRows([wang, li], { toolbar: true })
    menuOf('李记').focus()
    menuOf('李记').blur()
    await new Promise((resolve) => setTimeout(resolve, 10))
    show([wang])
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(document.activeElement).toBe(document.body)
  })
})

describe('DataTable sorting on the server', () => {
  it('sorts by a column that draws its own cells (a day cut from a time) when it says it sorts', () => {
    const onSortChange = vi.fn()
    const result: ListResult<Merchant> = {
      rows: PAGES[0]!,
      total: 2,
      status: 'success',
      stale: null,
      error: null,
      fetching: false,
      retry: () => {},
    }
    render(
      <DataTable
        caption="Merchants"
        columns={[
          { id: 'createdAt', header: 'Created', enableSorting: true, cell: ({ row }) => row.original.id },
          { id: 'count', header: 'Count', enableSorting: false, cell: () => 0 },
        ]}
        result={result}
        page={1}
        pageSize={2}
        onPageChange={() => {}}
        sort={null}
        onSortChange={onSortChange}
        rowKey={(row) => row.id}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: /Created/ }))
    expect(onSortChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'createdAt' }))
    expect(screen.queryByRole('button', { name: /Count/ })).toBeNull()
  })
})

describe('DataTable marking rows', () => {
  it('marks the rows `rowTone` names, and follows the rows as a page switch brings others', () => {
    const result = (rows: Merchant[]): ListResult<Merchant> => ({
      rows,
      total: 4,
      status: 'success',
      stale: null,
      error: null,
      fetching: false,
      retry: () => {},
    })
    const tone = (row: Merchant) => (row.id === 'b' || row.id === 'c' ? ('danger' as const) : undefined)
    const table = (rows: Merchant[]) => (
      <DataTable
        caption="Merchants"
        columns={[{ id: 'name', accessorKey: 'name', header: 'Name' }]}
        result={result(rows)}
        page={1}
        pageSize={2}
        onPageChange={() => {}}
        sort={null}
        onSortChange={() => {}}
        rowKey={(row) => row.id}
        rowTone={tone}
      />
    )
    const view = render(table(PAGES[0]!))
    expect(bodyRows().map((row) => row.getAttribute('data-tone'))).toEqual([null, 'danger'])
    view.rerender(table(PAGES[1]!))
    expect(bodyRows().map((row) => row.getAttribute('data-tone'))).toEqual(['danger', null])
  })
})
