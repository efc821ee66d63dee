import { m } from '@/paraglide/messages'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route's name (SPEC §2), used by the server menu, the whitelist and the tab bar. */
    name?: string
    /** Role numbers that may open it, or '*'. */
    roles?: ReadonlyArray<number | '*'>
    /** False only for login and not-found. */
    requiresAuth?: boolean
    /** The tab's title key when it depends on the query (editing vs registering). */
    tabTitle?: (search: Record<string, unknown>) => string | undefined
  }
}

/** Translated titles of named routes and menu groups. A function, so it follows a locale switch. */
const TITLES: Record<string, () => string> = {
  dashboard: m.menu_dashboard,
  Workplace: m.menu_workplace,
  market: m.menu_market,
  MarketManage: m.menu_market_manage,
  MarketRegister: m.menu_market_register,
  MarketEdit: m.markets_edit_title,
  merchant: m.menu_merchant,
  MerchantManage: m.menu_merchant_manage,
  MerchantRegister: m.menu_merchant_register,
  MerchantEdit: m.menu_merchant_edit,
  device: m.menu_device,
  DeviceManage: m.menu_device_manage,
  notFound: m.menu_not_found,
  Forbidden: m.menu_forbidden,
  login: m.menu_login,
}

export function routeTitle(name: string): string {
  return TITLES[name]?.() ?? name
}
