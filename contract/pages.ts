import { API_ROLES } from './access'
import type { ListQuery } from './list'
import { AUDIT_LIST } from './audit-list'
import { COMPLAINT_LIST } from './complaint-list'
import { DEVICE_LIST } from './device-list'
import { MARKET_LIST } from './market-list'
import { MERCHANT_LIST } from './merchant-list'
import { PESTICIDE_TEST_LIST } from './pesticide-tests-list'
import { TRANSACTION_LIST } from './transactions-list'
import {
  AUDIT_ACTION_WORDS,
  AUDIT_AREA_WORDS,
  BUSINESS_CATEGORY_WORDS,
  COMPLAINT_CATEGORY_WORDS,
  COMPLAINT_CHANNEL_WORDS,
  COMPLAINT_STATE_WORDS,
  CREDIT_STAR_WORDS,
  DEVICE_KIND_WORDS,
  DEVICE_STATUS_WORDS,
  LICENCE_STATE_WORDS,
  MARKET_STATUS_WORDS,
  MERCHANT_STATUS_WORDS,
  OVERDUE_WORDS,
  PAYMENT_METHOD_WORDS,
  TEST_RESULT_WORDS,
  TRANSACTION_KIND_WORDS,
  type WordKey,
} from './words'

/**
 * Every console page, declared once: where it is, who may open it, how the menu and the palette reach
 * it, and the words its list's filters show. The menu (contract/menu.ts), the route guard, the palette
 * and the tab bar read this; the console's titles and icons are keyed by its names (src/lib/route-meta.ts,
 * src/features/shell/menu-icons.ts), so a page added here fails `tsc` until it has both, and a route
 * file with no page here fails it too (the route tree is checked in route-meta.ts).
 */

/**
 * The menu's groups in SPEC §2's order, each at its path: the records of issue 25 after the devices,
 * then shoppers' complaints (issue 26 §2), the market's own daily work; then the operation log (issue 23).
 */
export const PAGE_GROUPS = {
  dashboard: '/dashboard',
  market: '/market',
  merchant: '/merchant',
  device: '/device',
  transaction: '/transaction',
  statement: '/statement',
  pesticideTest: '/pesticide-test',
  complaint: '/complaint',
  system: '/system',
  audit: '/audit',
} as const
export type PageGroup = keyof typeof PAGE_GROUPS

/** A list's filters and the words of their values: every filter of the list must have its words. */
type FilterWords<List extends ListQuery> = {
  readonly [Filter in keyof List['filters']]: Readonly<Record<List['filters'][Filter][number], WordKey>>
}
const listWords = <List extends ListQuery>(
  _list: List,
  words: FilterWords<List>,
): Readonly<Record<string, Readonly<Record<string, WordKey>>>> => words

type Page = {
  /** The route's full path, without a trailing slash (tests/unit/access.test.ts checks it). */
  path: string
  group: PageGroup
  /** Who may open it: its API area's roles, so a page never opens for a role its API refuses. */
  roles: readonly number[]
  /** 'menu': an entry of the menu; 'action': a form the palette offers, not in the menu; 'hidden': reached from another page. */
  reach: 'menu' | 'action' | 'hidden'
  /** A list page's filter words (tab labels name a filtered list by them); null for other pages. */
  list: Readonly<Record<string, Readonly<Record<string, WordKey>>>> | null
}

export const PAGES = {
  Workplace: {
    path: '/dashboard/workplace',
    group: 'dashboard',
    roles: API_ROLES.dashboard,
    reach: 'menu',
    list: null,
  },
  MarketManage: {
    path: '/market',
    group: 'market',
    roles: API_ROLES.markets,
    reach: 'menu',
    list: listWords(MARKET_LIST, { status: MARKET_STATUS_WORDS }),
  },
  MarketRegister: { path: '/market/register', group: 'market', roles: API_ROLES.markets, reach: 'action', list: null },
  /** A market's page by id: the market list and the audit log link to it; its own operator may open it. */
  MarketDetail: {
    path: '/market/$marketId',
    group: 'market',
    roles: API_ROLES.marketDetail,
    reach: 'hidden',
    list: null,
  },
  MerchantManage: {
    path: '/merchant',
    group: 'merchant',
    roles: API_ROLES.merchants,
    reach: 'menu',
    list: listWords(MERCHANT_LIST, {
      category: BUSINESS_CATEGORY_WORDS,
      status: MERCHANT_STATUS_WORDS,
      licence: LICENCE_STATE_WORDS,
      credit: CREDIT_STAR_WORDS,
    }),
  },
  MerchantRegister: {
    path: '/merchant/register',
    group: 'merchant',
    roles: API_ROLES.merchants,
    reach: 'action',
    list: null,
  },
  MerchantEdit: { path: '/merchant/edit', group: 'merchant', roles: API_ROLES.merchants, reach: 'hidden', list: null },
  MerchantDetail: {
    path: '/merchant/$merchantId',
    group: 'merchant',
    roles: API_ROLES.merchants,
    reach: 'hidden',
    list: null,
  },
  DeviceManage: {
    path: '/device',
    group: 'device',
    roles: API_ROLES.devices,
    reach: 'menu',
    list: listWords(DEVICE_LIST, { kind: DEVICE_KIND_WORDS, status: DEVICE_STATUS_WORDS }),
  },
  System: { path: '/system', group: 'system', roles: API_ROLES.system, reach: 'menu', list: null },
  DeviceDetail: { path: '/device/$deviceId', group: 'device', roles: API_ROLES.devices, reach: 'hidden', list: null },
  Transactions: {
    path: '/transaction',
    group: 'transaction',
    roles: API_ROLES.transactions,
    reach: 'menu',
    list: listWords(TRANSACTION_LIST, { method: PAYMENT_METHOD_WORDS, kind: TRANSACTION_KIND_WORDS }),
  },
  /** A payment's or refund's page: the transactions list links to it, a refund's page to its payment. */
  TransactionDetail: {
    path: '/transaction/$transactionId',
    group: 'transaction',
    roles: API_ROLES.transactions,
    reach: 'hidden',
    list: null,
  },
  /** Daily statements (issue 25 §2): a market's (OFFICIAL: every market's, each opening its own). */
  Statement: { path: '/statement', group: 'statement', roles: API_ROLES.statements, reach: 'menu', list: null },
  /** The statement on A4, from the statement's Print button. */
  StatementPrint: {
    path: '/statement/print',
    group: 'statement',
    roles: API_ROLES.statements,
    reach: 'hidden',
    list: null,
  },
  /** A merchant's own statement, from the market's statement and the merchant's row. */
  MerchantStatement: {
    path: '/statement/merchant/$merchantId',
    group: 'statement',
    roles: API_ROLES.statements,
    reach: 'hidden',
    list: null,
  },
  /** The pesticide-test history (issue 25 §3): every test of the scope, a failure's follow-up. */
  PesticideTests: {
    path: '/pesticide-test',
    group: 'pesticideTest',
    roles: API_ROLES.pesticideTests,
    reach: 'menu',
    list: listWords(PESTICIDE_TEST_LIST, { result: TEST_RESULT_WORDS }),
  },
  /** Shoppers' complaints (issue 26 §2): a market's (OFFICIAL: every market's, or the switcher's). */
  ComplaintManage: {
    path: '/complaint',
    group: 'complaint',
    roles: API_ROLES.complaints,
    reach: 'menu',
    list: listWords(COMPLAINT_LIST, {
      state: COMPLAINT_STATE_WORDS,
      category: COMPLAINT_CATEGORY_WORDS,
      channel: COMPLAINT_CHANNEL_WORDS,
      overdue: OVERDUE_WORDS,
    }),
  },
  /** Registering a complaint: the palette offers it, the list's button opens it. */
  ComplaintRegister: {
    path: '/complaint/register',
    group: 'complaint',
    roles: API_ROLES.complaints,
    reach: 'action',
    list: null,
  },
  /** A complaint's page with its history and the next step: its list row opens it. */
  ComplaintDetail: {
    path: '/complaint/$complaintId',
    group: 'complaint',
    roles: API_ROLES.complaints,
    reach: 'hidden',
    list: null,
  },
  OperationLog: {
    path: '/audit',
    group: 'audit',
    roles: API_ROLES.audit,
    reach: 'menu',
    list: listWords(AUDIT_LIST, { area: AUDIT_AREA_WORDS, action: AUDIT_ACTION_WORDS }),
  },
} as const satisfies Record<string, Page>

export type PageName = keyof typeof PAGES
export const PAGE_NAMES = Object.keys(PAGES) as PageName[]

/** By console page: route files take `staticData.roles` from here. */
export const PAGE_ROLES = Object.fromEntries(PAGE_NAMES.map((name) => [name, PAGES[name].roles])) as {
  readonly [Name in PageName]: (typeof PAGES)[Name]['roles']
}

/** Whether `role` may open `page`. */
export const mayOpen = (page: PageName, role: number): boolean =>
  (PAGES[page].roles as readonly number[]).includes(role)

/** Named routes that are not pages: open to every caller (sign-in) or every signed-in role. */
export const OTHER_ROUTE_NAMES = ['login', 'notFound', 'Forbidden', 'Redirect'] as const
/** What a route file may name in `staticData.name`. */
export type RouteName = PageName | (typeof OTHER_ROUTE_NAMES)[number]
