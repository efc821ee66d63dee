import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import type { AuditEntry } from '@contract/audit'
import { AUDIT_LIST } from '@contract/audit-list'
import { switchLocale } from '@/lib/locale'
import { testQueryClient, mockedApi } from '@/test-support/queries'
import type { EarlyAnswer } from '@/lib/early-requests'
import { drawEarlyRows } from '@/prerender/boot/early-rows'
import { earlyWordsScript } from '@/prerender/early-words'
import { AuditListPage } from './audit-list-page'
import { EARLY_AUDIT_ROWS } from './early-audit-rows'
import { earlyAuditWords } from './early-audit-words'

vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: vi.fn() }))
// The scope line reads the caller; the rows are what is compared here.
vi.mock('@/components/market-scope-line', () => ({ MarketScopeLine: () => <p data-testid="market-scope" /> }))

afterEach(() => {
  cleanup()
  document.head.replaceChildren()
  document.body.replaceChildren()
  document.documentElement.removeAttribute('data-live')
  localStorage.clear()
  switchLocale('en-US')
})

const MARKET = { id: '5a0c1f6e-0000-4000-8000-000000000001', name: 'QZX 农贸市场' }
const uuid = (n: number) => `7b0c1f6e-0000-4000-8000-${String(n).padStart(12, '0')}`
const entry = (n: number, fields: Partial<AuditEntry>): AuditEntry => ({
  id: uuid(n),
  at: '2026-11-24T16:05:09.123Z',
  actor: { uk: uuid(100 + n), username: 'official', role: 1 },
  area: 'market',
  action: 'edit',
  record: { id: MARKET.id, name: MARKET.name },
  market: MARKET,
  changes: [],
  ...fields,
})

/** Every kind of cell the log draws: each area's record, a gone record, the system, values with words and without. */
const ENTRIES: AuditEntry[] = [
  entry(1, {
    changes: [
      { field: 'complaintPhone', before: '0316-2000000', after: '0316-7654321' },
      { field: 'notes', before: null, after: '买了两斤豆角，<b>$&</b> 再来' },
      { field: 'accountStatus', before: 'normal', after: 'frozen' },
    ],
  }),
  entry(2, { actor: null, action: 'lockout_cleared', area: 'account', record: { id: uuid(2), name: '0314888' } }),
  entry(3, { area: 'account', record: { id: uuid(3), name: 'official' }, market: null, action: 'password_change' }),
  entry(4, {
    area: 'merchant',
    action: 'register',
    actor: { uk: uuid(4), username: '0314888 <img src=x>', role: 51 },
    record: { id: uuid(40), name: '张三 $1 $&' },
    changes: [
      { field: 'status', before: 'active', after: 'left' },
      { field: 'gender', before: '', after: 'female' },
      { field: 'somethingOlder', before: 'a', after: 'b' },
    ],
  }),
  entry(5, { area: 'device', action: 'bind', record: { id: uuid(50), name: 'PT-0001' } }),
  entry(6, { area: 'device', action: 'unbind', record: { id: uuid(60), name: null } }),
  entry(7, { area: 'complaint', action: 'resolve', record: { id: uuid(70), name: '投诉 #7' } }),
  entry(8, { area: 'pesticide_test', action: 'follow_up', record: { id: uuid(80), name: '豆角' } }),
  entry(9, { area: 'market', action: 'freeze', record: { id: uuid(90), name: 'Other market' }, market: null }),
]

const page = (list: AuditEntry[]) => ({ list, total: list.length, totalCapped: false })

/** The log as the app draws it, at /audit; answers its table's head and rows (detached copies). */
async function reactRows(market: string | null, locale: 'en-US' | 'zh-CN') {
  switchLocale(locale)
  mockedApi().mockResolvedValue(page(ENTRIES))
  const search = { ...AUDIT_LIST.defaults }
  const root = createRootRoute()
  const route = createRoute({
    getParentRoute: () => root,
    path: '/audit',
    component: () => <AuditListPage search={search} market={market} onSearchChange={() => {}} />,
  })
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: ['/audit'] }),
  })
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await screen.findByText('PT-0001')
  const table = document.querySelector('table')!
  const result = {
    bodyClass: table.tBodies[0]!.className,
    head: table.tHead!.cloneNode(true) as HTMLTableSectionElement,
    rows: [...table.tBodies[0]!.rows].map((row) => row.cloneNode(true) as HTMLTableRowElement),
  }
  cleanup()
  return result
}

/** A frame as the build draws it (#root to take over, the table's head, skeleton rows) and its words. */
function paintFrame(head: HTMLTableSectionElement, locale: 'en-US' | 'zh-CN') {
  switchLocale(locale)
  document.documentElement.lang = locale
  document.head.innerHTML = earlyWordsScript(earlyAuditWords())
  document.body.innerHTML =
    '<div id="root" data-takeover><table aria-busy="true"><tbody><tr><td><div data-state="loading"></div></td></tr></tbody></table></div>'
  document.querySelector('table')!.prepend(head)
}

const answer = (status: number, data: unknown): Promise<EarlyAnswer> =>
  Promise.resolve({ status, text: JSON.stringify({ code: 20000, msg: 'ok', data, isSuccess: true }) })

async function drawEarly(early: Promise<EarlyAnswer | null>, market: string | null) {
  drawEarlyRows(EARLY_AUDIT_ROWS)(early, market)
  await early
  await new Promise((resolve) => setTimeout(resolve))
}

const earlyRows = () => [...document.querySelector('table')!.tBodies[0]!.rows]
const columns = () =>
  [...document.querySelectorAll<HTMLElement>('thead th')].map((head) => head.dataset.testid?.slice('column-'.length))

/** Holds each drawn row to the app's, node for node (text split into nodes differently is the same text). */
function expectSameRows(drawn: HTMLTableRowElement[], drawnByApp: HTMLTableRowElement[]) {
  expect(drawn).toHaveLength(drawnByApp.length)
  drawn.forEach((row, index) => {
    const mine = row.cloneNode(true) as HTMLElement
    const theirs = drawnByApp[index]!.cloneNode(true) as HTMLElement
    mine.normalize()
    theirs.normalize()
    if (!mine.isEqualNode(theirs)) expect(mine.outerHTML).toBe(theirs.outerHTML)
    expect(mine.isEqualNode(theirs)).toBe(true)
  })
}

describe('the operation log drawn before its code arrives', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`draws every kind of row as the app does, in ${locale}, with every market`, async () => {
      const app = await reactRows(null, locale)
      localStorage.setItem('locale', locale)
      paintFrame(app.head, locale)
      await drawEarly(answer(200, page(ENTRIES)), null)
      expectSameRows(earlyRows(), app.rows)
      expect(document.querySelector('tbody')!.className).toBe(app.bodyClass)
      expect(columns()).toContain('market')
      expect(document.querySelector('table')!.hasAttribute('aria-busy')).toBe(false)
      expect(document.querySelector('tbody')!.dataset.earlyRows).toBe('')
    })
  }

  it("draws one market's rows without the market column, as the app does", async () => {
    const framed = await reactRows(null, 'en-US')
    const app = await reactRows(MARKET.id, 'en-US')
    paintFrame(framed.head, 'en-US')
    localStorage.setItem('locale', 'en-US')
    await drawEarly(answer(200, page(ENTRIES)), MARKET.id)
    expectSameRows(earlyRows(), app.rows)
    expect(columns()).toEqual([...app.head.querySelectorAll('th')].map((head) => head.dataset.testid?.slice(7)))
  })

  it("leaves out the columns hidden in this browser, heads too; with no language stored, the one served is the page's", async () => {
    const app = await reactRows(null, 'en-US')
    localStorage.setItem('columns:audit', JSON.stringify({ area: false, record: true, changes: 'x' }))
    paintFrame(app.head, 'en-US')
    await drawEarly(answer(200, page(ENTRIES)), null)
    expect(columns()).toEqual(['at', 'market', 'actor', 'action', 'record', 'changes'])
    expect(earlyRows()[0]!.cells).toHaveLength(6)
    expect(earlyRows()[0]!.cells[3]!.dataset.label).toBe('Action')
  })

  it('waits for the table when the answer comes before the parser has reached it', async () => {
    const app = await reactRows(null, 'en-US')
    paintFrame(app.head, 'en-US')
    const frame = document.getElementById('root')!
    const table = frame.firstElementChild!
    table.remove()
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    try {
      await drawEarly(answer(200, page(ENTRIES)), null)
      expect(document.querySelector('tbody')).toBeNull()
      frame.append(table)
      readyState.mockReturnValue('interactive')
      document.dispatchEvent(new Event('DOMContentLoaded'))
      await new Promise((resolve) => setTimeout(resolve))
      expectSameRows(earlyRows(), app.rows)
    } finally {
      readyState.mockRestore()
    }
  })

  it('draws nothing the app would draw otherwise: taken over, another language, a failure, no rows, a row it cannot read', async () => {
    const app = await reactRows(null, 'en-US')
    const untouched = async (early: Promise<EarlyAnswer | null>, before?: () => void) => {
      paintFrame(app.head.cloneNode(true) as HTMLTableSectionElement, 'en-US')
      localStorage.setItem('locale', 'en-US')
      before?.()
      await drawEarly(early, null)
      expect(document.querySelector('[data-state="loading"]')).not.toBeNull()
      expect(columns()).toContain('market')
      localStorage.clear()
    }
    await untouched(answer(200, page(ENTRIES)), () => document.documentElement.setAttribute('data-live', ''))
    document.documentElement.removeAttribute('data-live')
    // The language stored is the page's, not the frame's.
    await untouched(answer(200, page(ENTRIES)), () => localStorage.setItem('locale', 'zh-CN'))
    await untouched(answer(500, null))
    await untouched(Promise.resolve(null))
    await untouched(answer(200, page([])))
    await untouched(Promise.resolve({ status: 200, text: '<html>' }))
    await untouched(answer(200, { list: [{ id: 'x' }], total: 1 }))
    await untouched(answer(200, page(ENTRIES)), () => document.getElementById('early-words')!.remove())
  })
})
