import { useRouterState } from '@tanstack/react-router'
import { m } from '@/paraglide/messages'
import { useScopeLinkSearch } from '@/lib/market-scope'
import { routeTitle } from '@/lib/route-meta'
import { cn } from '@/lib/cn'
import { isCurrentPage, PageLink } from '@/components/page-link'
import { menuIcon } from './menu-icons'
import type { SideMenuItem } from './menu-items'

/**
 * The side menu: one group per area, its pages as links; the active page is highlighted. Links to
 * market-scoped pages carry the current market, so the page opens in the scope the user is in.
 */
export function SideMenu({ items, collapsed }: { items: SideMenuItem[]; collapsed: boolean }) {
  const scopeSearch = useScopeLinkSearch()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <nav aria-label={m.nav_main_label()} className="flex flex-col gap-1 p-2" data-testid="side-menu">
      {items.map((item) => {
        const Icon = menuIcon(item.name)
        return (
          <div key={item.name} role="group" aria-label={routeTitle(item.name)}>
            {!collapsed && item.children.length > 1 && (
              <p className="px-3 pt-3 pb-1 text-xs font-medium text-muted-foreground">{routeTitle(item.name)}</p>
            )}
            {item.children.map((child) => (
              <PageLink
                key={child.name}
                link={{ to: child.path, search: scopeSearch(child.path) }}
                // Active by page, whichever market the current URL names.
                active={isCurrentPage(pathname, child.path)}
                // The full name on hover: collapsed, or cut short in a narrow menu.
                title={routeTitle(child.name)}
                className={cn(
                  'flex items-center gap-2 rounded px-2.5 py-2 text-sm text-foreground hover:bg-accent',
                  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  'data-[status=active]:bg-primary-1 data-[status=active]:font-medium data-[status=active]:text-primary',
                  collapsed && 'justify-center px-0',
                )}
              >
                <Icon aria-hidden className="size-4 shrink-0" />
                <span className={cn('min-w-0 truncate', collapsed && 'sr-only')}>{routeTitle(child.name)}</span>
              </PageLink>
            ))}
          </div>
        )
      })}
    </nav>
  )
}
