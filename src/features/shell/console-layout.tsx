import type { ReactNode } from 'react'
import { Outlet } from '@tanstack/react-router'
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { updateSettings, useSettings } from '@/lib/settings'
import { useLocale } from '@/lib/locale'
import { Button } from '@/components/ui/button'
import { LocaleSwitch } from '@/components/locale-switch'
import { sideMenuFor } from './menu-items'
import { SideMenu } from './side-menu'
import { ThemeToggle } from './theme-toggle'

const COLLAPSED_WIDTH = 56

/** The signed-in frame: navbar, side menu and the page. `userMenu` is composed in by the route. */
export function ConsoleLayout({ role, userMenu }: { role: number; userMenu: ReactNode }) {
  useLocale()
  const settings = useSettings()
  const collapsed = settings.menuCollapse
  const items = sideMenuFor(role, settings.menuFromServer ? settings.serverMenu : null)
  const menuWidth = collapsed ? COLLAPSED_WIDTH : settings.menuWidth

  return (
    <div className="flex min-h-full flex-col">
      <a href="#content" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2">
        {m.nav_skip_to_content()}
      </a>
      {settings.navbar && (
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-border bg-card px-4">
          <div className="flex items-center gap-2">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span className="font-semibold text-card-foreground">{m.app_title()}</span>
          </div>
          <div className="flex items-center gap-1">
            <LocaleSwitch />
            <ThemeToggle />
            {userMenu}
          </div>
        </header>
      )}
      <div className="flex flex-1">
        {settings.menu && (
          <aside
            style={{ width: menuWidth }}
            className="sticky top-14 hidden h-[calc(100vh-3.5rem)] shrink-0 flex-col justify-between overflow-y-auto border-r border-border bg-card md:flex"
          >
            <SideMenu items={items} collapsed={collapsed} />
            <div className="border-t border-border p-2">
              <Button
                variant="ghost"
                size="icon"
                aria-label={collapsed ? m.nav_expand_menu() : m.nav_collapse_menu()}
                onClick={() => updateSettings({ menuCollapse: !collapsed })}
              >
                {collapsed ? <PanelLeftOpen aria-hidden className="size-4" /> : <PanelLeftClose aria-hidden className="size-4" />}
              </Button>
            </div>
          </aside>
        )}
        <main id="content" className="min-w-0 flex-1 p-4 md:p-5">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
