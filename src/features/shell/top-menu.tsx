import { useRouterState } from '@tanstack/react-router'
import { m } from '@/paraglide/messages'
import { useScopeLinkSearch } from '@/lib/market-scope'
import { routeTitle } from '@/lib/route-meta'
import { isCurrentPage, PageLink } from '@/components/page-link'
import type { SideMenuItem } from './menu-items'

/** The menu as a row in the navbar (settings: topMenu); scoped links carry the market as in the side menu. */
export function TopMenu({ items }: { items: SideMenuItem[] }) {
  const scopeSearch = useScopeLinkSearch()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <nav
      aria-label={m.nav_main_label()}
      className="hidden min-w-0 items-center gap-1 overflow-x-auto md:flex"
      data-testid="top-menu"
    >
      {items.flatMap((item) =>
        item.children.map((child) => (
          <PageLink
            key={child.name}
            link={{ to: child.path, search: scopeSearch(child.path) }}
            // Active by page, whichever market the current URL names.
            active={isCurrentPage(pathname, child.path)}
            className="rounded px-3 py-1.5 text-sm whitespace-nowrap text-foreground hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[status=active]:bg-primary-1 data-[status=active]:text-primary"
          >
            {routeTitle(child.name)}
          </PageLink>
        )),
      )}
    </nav>
  )
}
