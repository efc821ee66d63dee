import { useRef, useState, type ReactNode } from 'react'
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { defaultFilter } from 'cmdk'
import { AppWindow, FilePlus2, Languages, Moon, Settings as SettingsIcon, Store, Sun, User } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { storeLargeParams } from '@/lib/large-params-store'
import { LOCALES, switchLocale, useLocale, type Locale } from '@/lib/locale'
import { useMarketScope, useScopeLinkSearch } from '@/lib/market-scope'
import { routeTitle } from '@/lib/route-meta'
import { updateSettings, useSettings } from '@/lib/settings'
import { useTabs } from '@/lib/tabs'
import { showToast } from '@/lib/toast'
import { errorMessage } from '@/lib/request-errors'
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandNote,
} from '@/components/ui/command'
import { menuIcon } from './menu-icons'
import { paletteReach } from './palette-reach'
import { labelsOf } from './tab-labels'
import { usePaletteSearch } from './use-palette-search'

const LANGUAGE: Record<Locale, () => string> = { 'zh-CN': m.locale_zh_cn, 'en-US': m.locale_en_us }
/** Found by the server, which already matched them: cmdk keeps them whatever its own score says. */
const FOUND = 'found:'

/** Scores what the user sees (the keywords), not the item's internal value. */
const filter = (value: string, search: string, keywords?: string[]) =>
  value.startsWith(FOUND) ? 1 : defaultFilter(keywords?.join(' ') ?? '', search)

type CommandPaletteProps = { role: number; onClose: () => void }

/**
 * The command palette (Ctrl/Cmd+K, or the navbar's search button): the pages and actions this user may
 * reach, the open tabs, and markets and merchants found by name. Loaded on first use, so neither cmdk
 * nor this module weighs on the console's first load. A choice runs once the palette has closed and
 * given focus back, so a page change then moves focus to the new page's heading as any navigation does.
 */
export function CommandPalette({ role, onClose }: CommandPaletteProps): ReactNode {
  const locale = useLocale()
  const settings = useSettings()
  const reach = paletteReach(role, settings.menuFromServer ? settings.serverMenu : null)
  const [text, setText] = useState('')
  const market = useMarketScope()
  const found = usePaletteSearch(text, {
    markets: reach.searchMarkets,
    merchants: reach.searchMerchants,
    market,
  })
  const scopeSearch = useScopeLinkSearch()
  const navigate = useNavigate()
  const router = useRouter()
  const { tabs } = useTabs()
  const activeHref = useRouterState({ select: (state) => state.location.href })
  const tabLabels = labelsOf(tabs)
  const recentTabs = tabs.filter((tab) => tab.fullPath !== activeHref)
  const chosen = useRef<(() => void) | null>(null)

  const choose = (action: () => void) => () => {
    chosen.current = action
    onClose()
  }
  const openPage = (path: string) => choose(() => void navigate({ to: path, search: scopeSearch(path) }))
  const dark = settings.theme === 'dark'

  return (
    <CommandDialog
      open
      onOpenChange={(open) => !open && onClose()}
      onClosed={() => chosen.current?.()}
      title={m.palette_title()}
      description={m.palette_description()}
      label={m.palette_title()}
      filter={filter}
      loop
      vimBindings={false}
    >
      <CommandInput
        value={text}
        onValueChange={setText}
        placeholder={m.palette_placeholder()}
        aria-label={m.palette_open()}
        maxLength={200}
        data-testid="palette-input"
      />
      <CommandList data-testid="palette-list">
        {found.searching && <CommandNote>{m.palette_searching()}</CommandNote>}
        {found.failed && <CommandNote>{`${errorMessage(found.failed)} ${m.palette_search_failed()}`}</CommandNote>}
        {!found.searching && <CommandEmpty>{m.palette_empty()}</CommandEmpty>}
        <CommandGroup heading={m.palette_pages()}>
          {reach.pages.map((page) => {
            const Icon = menuIcon(page.group)
            return (
              <CommandItem
                key={page.name}
                value={`page:${page.name}`}
                keywords={[routeTitle(page.name), routeTitle(page.group)]}
                icon={<Icon aria-hidden className="size-4" />}
                onSelect={openPage(page.path)}
              >
                {routeTitle(page.name)}
              </CommandItem>
            )
          })}
        </CommandGroup>
        <CommandGroup heading={m.palette_actions()}>
          {reach.actions.map((page) => (
            <CommandItem
              key={page.name}
              value={`action:${page.name}`}
              keywords={[routeTitle(page.name)]}
              icon={<FilePlus2 aria-hidden className="size-4" />}
              onSelect={openPage(page.path)}
            >
              {routeTitle(page.name)}
            </CommandItem>
          ))}
          <CommandItem
            value="action:theme"
            keywords={[dark ? m.theme_light() : m.theme_dark()]}
            icon={dark ? <Sun aria-hidden className="size-4" /> : <Moon aria-hidden className="size-4" />}
            onSelect={choose(() => updateSettings({ theme: dark ? 'light' : 'dark' }))}
          >
            {dark ? m.theme_light() : m.theme_dark()}
          </CommandItem>
          {LOCALES.filter((other) => other !== locale).map((other) => (
            <CommandItem
              key={other}
              value={`action:locale:${other}`}
              keywords={[m.palette_language({ language: LANGUAGE[other]() }), m.locale_label()]}
              icon={<Languages aria-hidden className="size-4" />}
              onSelect={choose(() => {
                switchLocale(other)
                void showToast('success', m.locale_changed())
              })}
            >
              {m.palette_language({ language: LANGUAGE[other]() })}
            </CommandItem>
          ))}
          <CommandItem
            value="action:settings"
            keywords={[m.settings_open()]}
            icon={<SettingsIcon aria-hidden className="size-4" />}
            onSelect={choose(() => updateSettings({ globalSettings: true }))}
          >
            {m.settings_open()}
          </CommandItem>
        </CommandGroup>
        {recentTabs.length > 0 && (
          <CommandGroup heading={m.palette_recent_tabs()}>
            {recentTabs.map((tab) => {
              const label = tabLabels.get(tab.fullPath) ?? routeTitle(tab.title)
              return (
                <CommandItem
                  key={tab.fullPath}
                  value={`tab:${tab.fullPath}`}
                  keywords={[label]}
                  icon={<AppWindow aria-hidden className="size-4" />}
                  onSelect={choose(() => void router.navigate({ href: tab.fullPath }))}
                >
                  {label}
                </CommandItem>
              )
            })}
          </CommandGroup>
        )}
        {found.markets.length > 0 && (
          <CommandGroup heading={m.palette_markets()}>
            {found.markets.map((item) => (
              <CommandItem
                key={item.id}
                value={`${FOUND}market:${item.id}`}
                icon={<Store aria-hidden className="size-4" />}
                detail={m.palette_market_detail({ username: item.accountUsername })}
                onSelect={choose(() => void navigate({ to: '/market', search: { q: item.name } }))}
              >
                {item.name}
              </CommandItem>
            ))}
          </CommandGroup>
        )}
        {found.merchants.length > 0 && (
          <CommandGroup heading={m.palette_merchants()}>
            {found.merchants.map((item) => (
              <CommandItem
                key={item.id}
                value={`${FOUND}merchant:${item.id}`}
                icon={<User aria-hidden className="size-4" />}
                detail={m.palette_merchant_detail({ market: item.marketName, stall: item.stallNo })}
                // The edit page reads the row from the large-parameter store, as the list's Edit does (SPEC §4).
                onSelect={choose(
                  () =>
                    void navigate({
                      to: '/merchant/edit',
                      search: { key: storeLargeParams(item), ...scopeSearch('/merchant/edit') },
                    }),
                )}
              >
                {item.name}
              </CommandItem>
            ))}
          </CommandGroup>
        )}
      </CommandList>
      <p className="border-t border-border px-3 py-2 text-xs text-muted-foreground" aria-hidden>
        {m.palette_keys()}
      </p>
    </CommandDialog>
  )
}
