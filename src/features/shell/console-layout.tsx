import { lazy, Suspense, useLayoutEffect, useState, type ReactNode } from 'react'
import { Outlet } from '@tanstack/react-router'
import { Menu as MenuIcon, PanelLeftClose, PanelLeftOpen, Settings as SettingsIcon } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { updateSettings, useSettings } from '@/lib/settings'
import { useLiveConnection } from '@/lib/live-stream'
import { useLocale } from '@/lib/locale'
import { useMarketScope } from '@/lib/market-scope'
import { cn } from '@/lib/cn'
import type { EarlyPaletteWindow } from '@/prerender/boot/early-palette'
import { Button } from '@/components/ui/button'
import { lazyComponent, OnFirstUse } from '@/components/on-first-use'
import { LocaleSwitch } from '@/components/locale-switch'
import { LiveIndicator } from './live-indicator'
import { PaletteButton, usePaletteShortcut } from './palette-button'
import { useEscapeRestores, useMaximized } from './maximize'
import { sideMenuFor } from './menu-items'
import { SideMenu } from './side-menu'
import { TabBar } from './tab-bar'
import { ThemeToggle } from './theme-toggle'
import { TopMenu } from './top-menu'
import { useDeviceMode } from './use-device'
import { useTabTracking } from './use-tab-tracking'
import { BrandMark } from '@/components/brand-mark'

// The phone's menu drawer (Radix Dialog) loads when first opened.
const MobileMenu = lazyComponent(() => import('./mobile-menu').then((module) => module.MobileMenu))
const SettingsDrawer = lazy(() => import('./settings-drawer').then((module) => ({ default: module.SettingsDrawer })))
// cmdk and the palette load on first use: nothing of them rides on the console's first load.
const loadPalette = () => import('./command-palette')
const CommandPalette = lazy(() => loadPalette().then((module) => ({ default: module.CommandPalette })))
const preloadPalette = () => void loadPalette()
const COLLAPSED_WIDTH = 56

type ConsoleLayoutProps = { role: number; userMenu: ReactNode; messageBox: ReactNode; marketSwitcher?: ReactNode }

/** The signed-in frame: navbar, menu (side, top, or a drawer on phones), tab bar, page, footer. */
export function ConsoleLayout({ role, userMenu, messageBox, marketSwitcher }: ConsoleLayoutProps) {
  useLocale()
  useDeviceMode()
  useTabTracking()
  // The tab's one live connection, for the market in scope, while the console is shown.
  useLiveConnection(useMarketScope())
  const settings = useSettings()
  // Maximized from the tab bar: the page keeps the window with its tabs, without navbar or menu.
  const maximized = useMaximized()
  useEscapeRestores(maximized)
  const showNavbar = settings.navbar && !maximized
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false)
  // Asked for from the prerendered frame, before this code ran (src/prerender/boot/early-palette.ts).
  const [paletteOpen, setPaletteOpen] = useState(
    // No window where the frame is prerendered.
    () => typeof window !== 'undefined' && (window as EarlyPaletteWindow).__paletteAsked === true,
  )
  usePaletteShortcut(() => setPaletteOpen((open) => !open))
  const mobile = settings.device === 'mobile'
  // A prerendered frame (no window) is drawn for a wide screen: it carries a phone's menu button too,
  // which the stylesheet shows only on a phone (src/styles/app.css), as it hides the side menu there.
  const prerendering = typeof window === 'undefined'
  const items = sideMenuFor(role, settings.menuFromServer ? settings.serverMenu : null)
  const collapsed = settings.menuCollapse && !settings.topMenu
  const showSideMenu = settings.menu && !settings.topMenu && !settings.hideMenu && !mobile && !maximized
  const menuWidth = collapsed ? COLLAPSED_WIDTH : settings.menuWidth
  const openSettings = () => updateSettings({ globalSettings: true })
  // The prerendered frame's layout tokens (src/prerender/boot/stored-layout.ts) end with it: from here
  // the settings draw the layout, and a later change must not meet a token saying otherwise.
  useLayoutEffect(() => {
    const root = document.documentElement
    delete root.dataset.frame
    root.style.removeProperty('--frame-menu-width')
    const early = window as EarlyPaletteWindow
    early.__frameTakenOver = true
    early.__paletteAsked = false
  }, [])

  return (
    <div className="flex min-h-full flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2"
      >
        {m.nav_skip_to_content()}
      </a>
      {showNavbar && (
        <header
          data-frame-part="navbar"
          className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-border bg-card px-3 md:px-4"
        >
          {((mobile && settings.menu) || prerendering) && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={m.nav_open_menu()}
              onClick={() => setMobileMenuOpen(true)}
              data-testid="mobile-menu-button"
              data-frame-part={prerendering ? 'phone-menu' : undefined}
            >
              <MenuIcon aria-hidden className="size-5" />
            </Button>
          )}
          <div className="flex shrink-0 items-center gap-2">
            <BrandMark />
            <span className="hidden font-semibold text-card-foreground min-[400px]:inline">{m.app_title()}</span>
          </div>
          {marketSwitcher && <div className="hidden sm:block">{marketSwitcher}</div>}
          <div className="min-w-0 flex-1">
            {settings.topMenu && settings.menu && !mobile && <TopMenu items={items} />}
          </div>
          <div className="flex shrink-0 items-center gap-0.5">
            <PaletteButton onOpen={() => setPaletteOpen(true)} onPreload={preloadPalette} />
            <LiveIndicator className="mr-1 hidden sm:inline-flex" />
            <LocaleSwitch className="hidden sm:inline-flex" />
            <ThemeToggle />
            <Button
              variant="ghost"
              size="icon"
              aria-label={m.settings_open()}
              title={m.settings_open()}
              onClick={openSettings}
              data-testid="settings-button"
              data-settings-opener
            >
              <SettingsIcon aria-hidden className="size-4" />
            </Button>
            {messageBox}
            {userMenu}
          </div>
        </header>
      )}
      <div className="flex flex-1">
        {showSideMenu && (
          <aside
            data-frame-part="menu"
            style={{ width: menuWidth }}
            className={`sticky ${showNavbar ? 'top-14 h-[calc(100vh-3.5rem)]' : 'top-0 h-screen'} flex shrink-0 flex-col justify-between overflow-y-auto border-r border-border bg-card transition-[width]`}
          >
            <SideMenu items={items} collapsed={collapsed} />
            <div className="border-t border-border p-2">
              <Button
                variant="ghost"
                size="icon"
                aria-label={collapsed ? m.nav_expand_menu() : m.nav_collapse_menu()}
                aria-expanded={!collapsed}
                onClick={() => updateSettings({ menuCollapse: !collapsed })}
              >
                {collapsed ? (
                  <PanelLeftOpen aria-hidden className="size-4" />
                ) : (
                  <PanelLeftClose aria-hidden className="size-4" />
                )}
              </Button>
            </div>
          </aside>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          {settings.tabBar && (
            // Stays in view under the navbar on a long page.
            <div data-frame-part="tabs" className={cn('sticky z-20', showNavbar ? 'top-14' : 'top-0')}>
              <TabBar />
            </div>
          )}
          <main id="content" className="flex-1 p-3 md:p-5">
            <Outlet />
          </main>
          {settings.footer && (
            <footer data-frame-part="footer" className="px-5 py-4 text-center text-xs text-muted-foreground">
              {m.footer_text()}
            </footer>
          )}
        </div>
      </div>

      {mobile && (
        <OnFirstUse used={mobileMenuOpen}>
          <MobileMenu
            open={mobileMenuOpen}
            onOpenChange={setMobileMenuOpen}
            width={Math.min(settings.menuWidth, 320)}
            items={items}
            marketSwitcher={marketSwitcher}
          />
        </OnFirstUse>
      )}
      {!settings.navbar && (
        <Button
          size="icon"
          className="fixed right-4 bottom-4 z-40 rounded-full shadow-lg"
          aria-label={m.settings_open()}
          onClick={openSettings}
          data-testid="floating-settings"
          data-settings-opener
        >
          <SettingsIcon aria-hidden className="size-5" />
        </Button>
      )}
      {settings.globalSettings && (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      )}
      {paletteOpen && (
        <Suspense fallback={null}>
          <CommandPalette role={role} onClose={() => setPaletteOpen(false)} />
        </Suspense>
      )}
    </div>
  )
}
