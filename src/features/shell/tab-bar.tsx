import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { ChevronDown, Maximize2, Minimize2, Pin, RotateCw, X } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { closeTabs, isClosable, moveTabBy, setPinned, useTabs, type CloseAction, type Tab } from '@/lib/tabs'
import { cn } from '@/lib/cn'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { toggleMaximized, useMaximized } from './maximize'
import { TabMenuItems, type TabCommands } from './tab-menu'
import { labelsOf, readableAddress } from './tab-labels'
import { useTabDrag } from './use-tab-drag'

const tabSelector = (fullPath: string) => `[data-tab-path="${CSS.escape(fullPath)}"] a`

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
  const labelOf = (tab: Tab) => labels.get(tab.fullPath) ?? tab.title
  const active = tabs.find((tab) => tab.fullPath === activeHref) ?? null
  const hintId = useId()
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

  // The current page's tab is scrolled into view when the bar is wider than the window.
  useEffect(() => {
    listRef.current?.querySelector(tabSelector(activeHref))?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [activeHref])

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

  const commands: TabCommands = {
    reload: (tab) => void reload(tab),
    close,
    pin: (tab, pinned) => setPinned(tab.fullPath, pinned),
    toggleMaximized,
    openWindow: (tab) => void window.open(tab.fullPath, '_blank', 'noopener'),
  }

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

  return (
    <div className="flex h-10 items-center gap-1 border-b border-border bg-card px-2" data-testid="tab-bar">
      <nav
        ref={listRef}
        aria-label={m.tab_bar_label()}
        className="flex min-w-0 flex-1 gap-1 overflow-x-auto py-1"
        data-testid="tab-list"
      >
        {shown.map((tab, index) => {
          const current = tab.fullPath === activeHref
          const label = labelOf(tab)
          return (
            <div
              key={tab.fullPath}
              data-tab-path={tab.fullPath}
              data-pinned={tab.pinned || undefined}
              className={cn(
                'group flex shrink-0 items-center rounded border text-sm select-none',
                current
                  ? 'border-primary-3 bg-primary-1 text-primary'
                  : 'border-border text-muted-foreground hover:text-foreground',
                dragging === tab.fullPath && 'cursor-grabbing opacity-70 ring-2 ring-ring',
              )}
            >
              <DropdownMenu
                // Not modal: a modal menu hides the page from assistive technology while its links stay
                // focusable (axe's aria-hidden-focus); Escape and a click outside still close it.
                modal={false}
                open={menuFor === tab.fullPath}
                onOpenChange={(open) => setMenuFor(open ? tab.fullPath : null)}
              >
                <DropdownMenuTrigger asChild>
                  <a
                    href={tab.fullPath}
                    // The trigger would give the link type="button", which is no link type.
                    type={undefined}
                    title={readableAddress(tab.fullPath)}
                    aria-current={current ? 'page' : undefined}
                    aria-describedby={hintId}
                    tabIndex={tab.fullPath === rovingPath ? 0 : -1}
                    draggable={false}
                    onPointerDown={(event) => {
                      // The menu opens on right-click and Shift+F10, not on a press: a press opens or drags the tab.
                      if (event.button === 0 && !event.ctrlKey) event.preventDefault()
                      startDrag(event, tab)
                    }}
                    onClick={(event) => {
                      if (endedDrag()) {
                        event.preventDefault()
                        return
                      }
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
                      event.preventDefault()
                      setRoving({ fullPath: tab.fullPath, href: activeHref })
                      void go(tab.fullPath)
                    }}
                    onMouseDown={(event) => {
                      // No autoscroll on a middle press over a tab it will close.
                      if (event.button === 1 && isClosable(tab)) event.preventDefault()
                    }}
                    onAuxClick={(event) => {
                      if (event.button === 1 && isClosable(tab)) {
                        event.preventDefault()
                        close('self', tab)
                      }
                    }}
                    onDoubleClick={() => toggleMaximized()}
                    onContextMenu={(event) => {
                      event.preventDefault()
                      setMenuFor(tab.fullPath)
                    }}
                    onKeyDown={(event) => onTabKeyDown(event, tab, index)}
                    className="flex items-center gap-1 rounded px-2.5 py-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {tab.pinned && <Pin role="img" aria-label={m.tab_pinned()} className="size-3 shrink-0" />}
                    {label}
                  </a>
                </DropdownMenuTrigger>
                <DropdownMenuContent
                  align="start"
                  onCloseAutoFocus={(event) => {
                    // The tab may have closed: focus goes where the action sent it instead.
                    const target = pendingFocus.current
                    if (!target) return
                    event.preventDefault()
                    pendingFocus.current = null
                    listRef.current?.querySelector<HTMLElement>(tabSelector(target))?.focus()
                  }}
                >
                  <TabMenuItems tab={tab} tabs={tabs} maximized={maximized} commands={commands} />
                </DropdownMenuContent>
              </DropdownMenu>
              {isClosable(tab) && (
                <button
                  type="button"
                  // Keyboard users close with Delete: the bar is one Tab stop.
                  tabIndex={-1}
                  aria-label={m.tab_close_named({ title: label })}
                  onClick={() => close('self', tab)}
                  className="mr-1 rounded p-0.5 opacity-60 hover:bg-accent hover:opacity-100"
                >
                  <X aria-hidden className="size-3" />
                </button>
              )}
            </div>
          )
        })}
      </nav>
      <span id={hintId} className="sr-only">
        {m.tab_keyboard_hint()}
      </span>
      <span aria-live="polite" className="sr-only">
        {announcement}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={m.tab_maximize()}
        aria-pressed={maximized}
        title={maximized ? m.tab_restore() : m.tab_maximize()}
        onClick={toggleMaximized}
        data-testid="tab-maximize"
      >
        {maximized ? <Minimize2 aria-hidden className="size-4" /> : <Maximize2 aria-hidden className="size-4" />}
      </Button>
      {active && (
        <>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={m.tab_reload()}
            title={m.tab_reload()}
            onClick={() => void reload(active)}
          >
            <RotateCw aria-hidden className="size-4" />
          </Button>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={m.tab_actions()}
                data-testid="tab-actions"
              >
                <ChevronDown aria-hidden className="size-4" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <TabMenuItems tab={active} tabs={tabs} maximized={maximized} commands={commands} />
            </DropdownMenuContent>
          </DropdownMenu>
        </>
      )}
    </div>
  )
}
