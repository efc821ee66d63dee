import { useEffect, useId, useLayoutEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { m } from '@/paraglide/messages'
import { closeTabs, isClosable, moveTabBy, setPinned, useTabs, type CloseAction, type Tab } from '@/lib/tabs'
import { writeFrameTabs, type FrameTab, type FrameTabKind } from '@/prerender/frame-tabs'
import { useLocale } from '@/lib/locale'
import { useStableHandlers } from '@/lib/use-stable-handlers'
import { toggleMaximized, useMaximized } from './maximize'
import type { TabCommands } from './tab-menu'
import { labelsOf, readableAddress } from './tab-labels'
import { TabBarActions } from './tab-bar-actions'
import { TabItem, type TabEvents } from './tab-item'
import { useTabDrag } from './use-tab-drag'

const tabSelector = (fullPath: string) => `[data-tab-path="${CSS.escape(fullPath)}"] a`
const pathOf = (href: string) => href.split('?')[0]
const NO_TABS: readonly Tab[] = []

/**
 * Keys that last while a tab's address changes in place (a list's filters and pages replace it): the
 * route's name and which of that route's tabs it is. Keyed by address, every new page of a list would
 * draw its tab, menu and all, anew.
 */
function tabKeys(tabs: readonly Tab[]): string[] {
  const seen = new Map<string, number>()
  return tabs.map((tab) => {
    const count = seen.get(tab.name) ?? 0
    seen.set(tab.name, count + 1)
    return `${tab.name}#${count}`
  })
}

/**
 * Open pages as tabs (SPEC §2, DESIGN §9). A tab keeps its full URL (filters and page), its data stays
 * in the query cache and its scroll position is restored per URL, so switching back shows the page
 * as it was left. Reload goes through /redirect/… and refetches the page's data.
 *
 * Each tab is a link (its address opens in a new window or tab like any link) in one navigation
 * landmark, reached with a single Tab stop: arrows, Home and End move among them, Enter or Space
 * opens one, Delete closes it, Shift+F10 or the menu key opens its menu, Alt+Shift+arrows move it.
 */
export function TabBar() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const { tabs } = useTabs()
  const activeHref = useRouterState({ select: (state) => state.location.href })
  const maximized = useMaximized()
  const listRef = useRef<HTMLElement>(null)
  const { shown, dragging, startDrag, endedDrag } = useTabDrag(listRef, tabs)
  const labels = labelsOf(tabs)
  const keys = tabKeys(shown)
  const labelOf = (tab: Tab) => labels.get(tab.fullPath) ?? tab.title
  // A list's new page has its address before its tab follows (once the page has loaded): until then
  // the tab that was current stays so, rather than the bar showing no current tab for a moment.
  const matched = tabs.find((tab) => tab.fullPath === activeHref)
  const [lastCurrent, setLastCurrent] = useState<string | null>(null)
  if (matched && matched.fullPath !== lastCurrent) setLastCurrent(matched.fullPath)
  const active =
    matched ?? tabs.find((tab) => tab.fullPath === lastCurrent && pathOf(lastCurrent) === pathOf(activeHref)) ?? null
  const hintId = useId()
  const locale = useLocale()
  const [menuFor, setMenuFor] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  // The one tab in the Tab order: the one last moved to by keyboard, else the current page's.
  const [roving, setRoving] = useState<{ fullPath: string | null; href: string }>({ fullPath: null, href: activeHref })
  if (roving.href !== activeHref) setRoving({ fullPath: null, href: activeHref })
  const rovingPath = tabs.some((tab) => tab.fullPath === roving.fullPath)
    ? roving.fullPath
    : (active?.fullPath ?? tabs[0]?.fullPath)
  // A tab to focus once the bar has redrawn (after a move, a close, a menu action).
  const pendingFocus = useRef<string | null>(null)

  useLayoutEffect(() => {
    const target = pendingFocus.current
    if (!target) return
    const element = listRef.current?.querySelector<HTMLElement>(tabSelector(target))
    if (element) {
      pendingFocus.current = null
      element.focus()
    }
  })

  // The current page's tab is scrolled into view when the bar is wider than the window: also when its
  // tab arrives after the page (a page opened for the first time gets its tab once it has drawn).
  const activeTab = active?.fullPath
  useEffect(() => {
    if (!activeTab) return
    listRef.current?.querySelector(tabSelector(activeTab))?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [activeHref, activeTab])

  // What the bar shows, kept for the next load's frame (src/prerender/frame-tabs.ts): written when it changed.
  const frameTabs = JSON.stringify(
    tabs.map((tab): FrameTab => ({
      fullPath: tab.fullPath,
      label: labelOf(tab),
      closeLabel: isClosable(tab) ? m.tab_close_named({ title: labelOf(tab) }) : '',
      address: readableAddress(tab.fullPath),
      pinned: tab.pinned,
    })),
  )
  useEffect(() => writeFrameTabs(locale, JSON.parse(frameTabs) as FrameTab[]), [locale, frameTabs])

  const go = (href: string) => router.navigate({ href })

  const focusTab = (fullPath: string) => {
    setRoving({ fullPath, href: activeHref })
    pendingFocus.current = fullPath
  }

  function close(action: CloseAction, target: Tab) {
    // Focus goes to the tab that takes the closed one's place.
    const index = shown.findIndex((tab) => tab.fullPath === target.fullPath)
    const neighbour = shown[index + 1] ?? shown[index - 1]
    if (action === 'self' && neighbour) focusTab(neighbour.fullPath)
    const next = closeTabs(action, target, activeHref)
    if (next) void go(next.fullPath)
  }

  async function reload(tab: Tab) {
    await queryClient.invalidateQueries({ predicate: (query) => query.getObserversCount() > 0 })
    const [path = '', search = ''] = tab.fullPath.split(/(?=\?)/)
    void go(`/redirect/${encodeURIComponent(path.replace(/^\//, ''))}${search}`)
  }

  const commands = useStableHandlers<TabCommands>({
    reload: (tab) => void reload(tab),
    close,
    pin: (tab, pinned) => setPinned(tab.fullPath, pinned),
    toggleMaximized,
    openWindow: (tab) => void window.open(tab.fullPath, '_blank', 'noopener'),
  })

  function onTabKeyDown(event: KeyboardEvent<HTMLAnchorElement>, tab: Tab, index: number) {
    const { key, altKey, shiftKey, ctrlKey, metaKey } = event
    const last = shown.length - 1
    const focusAt = (at: number) => {
      const target = shown[at]
      if (target) focusTab(target.fullPath)
    }
    if (altKey && shiftKey && (key === 'ArrowLeft' || key === 'ArrowRight')) {
      event.preventDefault()
      const position = moveTabBy(tab.fullPath, key === 'ArrowLeft' ? -1 : 1)
      focusTab(tab.fullPath)
      setAnnouncement(m.tab_moved({ title: labelOf(tab), position: position + 1, count: tabs.length }))
      return
    }
    if ((key === 'F10' && shiftKey) || key === 'ContextMenu') {
      event.preventDefault()
      setMenuFor(tab.fullPath)
      return
    }
    if (altKey || ctrlKey || metaKey || shiftKey) return
    switch (key) {
      case 'ArrowRight':
        focusAt(index === last ? 0 : index + 1)
        break
      case 'ArrowLeft':
        focusAt(index === 0 ? last : index - 1)
        break
      case 'Home':
        focusAt(0)
        break
      case 'End':
        focusAt(last)
        break
      case 'Enter':
      case ' ':
        void go(tab.fullPath)
        break
      case 'Delete':
        if (isClosable(tab)) close('self', tab)
        break
      default:
        return
    }
    // Also keeps the menu trigger from opening on Enter and Space: they open the tab.
    event.preventDefault()
  }

  const current = useStableHandlers({ tab: () => active })
  const events = useStableHandlers<TabEvents>({
    pointerDown: startDrag,
    open: (event, tab) => {
      if (endedDrag()) {
        event.preventDefault()
        return
      }
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
      event.preventDefault()
      setRoving({ fullPath: tab.fullPath, href: activeHref })
      void go(tab.fullPath)
    },
    keyDown: onTabKeyDown,
    setMenuOpen: (tab, open) => setMenuFor(open ? tab.fullPath : null),
    focusAfterMenu: () => {
      const target = pendingFocus.current
      if (!target) return false
      pendingFocus.current = null
      listRef.current?.querySelector<HTMLElement>(tabSelector(target))?.focus()
      return true
    },
  })

  return (
    <div className="flex h-10 items-center gap-1 border-b border-border bg-card px-2" data-testid="tab-bar">
      <nav
        ref={listRef}
        aria-label={m.tab_bar_label()}
        className="flex min-w-0 flex-1 gap-1 overflow-x-auto py-1"
        data-testid="tab-list"
      >
        {shown.map((tab, index) => {
          const menuOpen = menuFor === tab.fullPath
          return (
            <TabItem
              key={keys[index]}
              tab={tab}
              index={index}
              label={labelOf(tab)}
              current={tab === active}
              focusable={tab.fullPath === rovingPath}
              dragging={dragging === tab.fullPath}
              menuOpen={menuOpen}
              tabs={menuOpen ? tabs : NO_TABS}
              maximized={maximized}
              hintId={hintId}
              locale={locale}
              events={events}
              commands={commands}
            />
          )
        })}
        {import.meta.env.SSR && (
          <FrameTabTemplates
            hintId={hintId}
            locale={locale}
            maximized={maximized}
            events={events}
            commands={commands}
          />
        )}
      </nav>
      <span id={hintId} className="sr-only">
        {m.tab_keyboard_hint()}
      </span>
      <span aria-live="polite" className="sr-only">
        {announcement}
      </span>
      <TabBarActions
        // A prerendered frame is a page with a tab (src/prerender/pages.ts): its own arrives at takeover.
        hasCurrent={active !== null || import.meta.env.SSR}
        currentTab={current.tab}
        maximized={maximized}
        locale={locale}
        commands={commands}
      />
    </div>
  )
}

const TEMPLATE_KINDS: FrameTabKind[] = ['closable', 'closable-current', 'pinned', 'pinned-current']

/**
 * Only in a prerendered frame: a tab of each kind, inert in <template>s, which the frame's boot script
 * copies to draw the window's open tabs before the code runs (src/prerender/boot/frame-tabs.ts).
 */
function FrameTabTemplates(
  props: Pick<ComponentProps<typeof TabItem>, 'hintId' | 'locale' | 'maximized' | 'events' | 'commands'>,
) {
  return TEMPLATE_KINDS.map((kind) => {
    const pinned = kind.startsWith('pinned')
    const tab: Tab = { name: 'frame', title: 'frame', fullPath: `/${kind}`, query: {}, ignoreCache: false, pinned }
    return (
      <template key={kind} data-frame-tab={kind}>
        <TabItem
          {...props}
          tab={tab}
          index={0}
          label="-"
          current={kind.endsWith('current')}
          focusable={false}
          dragging={false}
          menuOpen={false}
          tabs={NO_TABS}
        />
      </template>
    )
  })
}
