import type { PageGroup, PageName, PAGES, RouteName } from '@contract/pages'
import { m } from '@/paraglide/messages'
import type { FileRoutesByFullPath } from '@/routeTree.gen'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route's name (SPEC §2): a page of contract/pages.ts, or one of its other named routes. */
    name?: RouteName
    /** Role numbers that may open it, or '*'. */
    roles?: ReadonlyArray<number | '*'>
    /** False only for login and not-found. */
    requiresAuth?: boolean
    /** The tab's title when it depends on the query: a title's name (editing vs registering) or the text itself. */
    tabTitle?: (search: Record<string, unknown>) => string | undefined
  }
}

/** A title that is no route's own: the market form's tab while it edits. */
type TabTitle = 'MarketEdit'
type TitleName = RouteName | PageGroup | TabTitle

/**
 * Translated titles of every named route and menu group. A function, so it follows a locale switch;
 * keyed by the registry's names, so a page registered without its title fails `tsc` here.
 */
const TITLES: { readonly [Name in TitleName]: () => string } = {
  dashboard: m.menu_dashboard,
  Workplace: m.menu_workplace,
  market: m.menu_market,
  MarketManage: m.menu_market_manage,
  MarketRegister: m.menu_market_register,
  MarketEdit: m.markets_edit_title,
  MarketDetail: m.menu_market_detail,
  merchant: m.menu_merchant,
  MerchantManage: m.menu_merchant_manage,
  MerchantRegister: m.menu_merchant_register,
  MerchantEdit: m.menu_merchant_edit,
  MerchantDetail: m.menu_merchant_detail,
  device: m.menu_device,
  DeviceManage: m.menu_device_manage,
  statement: m.menu_statement,
  Statement: m.menu_statement_page,
  StatementPrint: m.menu_statement_print,
  MerchantStatement: m.menu_merchant_statement,
  pesticideTest: m.menu_pesticide_test,
  PesticideTests: m.menu_pesticide_tests,
  complaint: m.menu_complaint,
  ComplaintManage: m.menu_complaint_manage,
  ComplaintRegister: m.menu_complaint_register,
  ComplaintDetail: m.menu_complaint_detail,
  system: m.menu_system,
  System: m.menu_system_status,
  DeviceDetail: m.menu_device_detail,
  audit: m.menu_audit,
  OperationLog: m.menu_operation_log,
  transaction: m.menu_transaction,
  Transactions: m.menu_transactions,
  TransactionDetail: m.menu_transaction_detail,
  notFound: m.menu_not_found,
  Forbidden: m.menu_forbidden,
  login: m.menu_login,
  Redirect: m.menu_redirect,
}

/** A title by name; a stored tab may hold a name this console no longer has, shown as it is. */
export function routeTitle(name: string): string {
  return Object.hasOwn(TITLES, name) ? TITLES[name as TitleName]() : name
}

/**
 * The route tree against the registry: every route file is a page of contract/pages.ts or one of the
 * routes below, so a new route file that is not registered fails `tsc` with its path.
 */
type NotAPage =
  | '/' // forwards to sign-in
  | '/$' // an unknown address: not-found
  | '/login'
  | '/not-found'
  | '/exception/403'
  | '/exception/404'
  | '/redirect/$path' // reloads a page (SPEC §4)
  | '/dashboard/' // forwards to the Workplace
type PagePath = (typeof PAGES)[PageName]['path']
type Unregistered = Exclude<keyof FileRoutesByFullPath, PagePath | `${PagePath}/` | NotAPage>
type EveryRouteIsRegistered<Missing extends never> = Missing
type _RouteTreeCheck = EveryRouteIsRegistered<Unregistered>
