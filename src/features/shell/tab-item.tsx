import { lazy, memo, Suspense, useId, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react'
import { Pin, X } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { isClosable, type Tab } from '@/lib/tabs'
import { cn } from '@/lib/cn'
import { toggleMaximized } from './maximize'
import type { TabCommands } from './tab-menu'
import { readableAddress } from './tab-labels'

// A tab's menu and its Radix code load when a menu is first opened (issue 24): nothing of it rides on
// the console's first paint.
const TabMenu = lazy(() => import('./tab-item-menu').then((module) => ({ default: module.TabMenu })))

/** What the bar does for a tab's events; the same object for the bar's life (useStableHandlers). */
export type TabEvents = {
  pointerDown: (event: PointerEvent<HTMLAnchorElement>, tab: Tab) => void
  open: (event: MouseEvent<HTMLAnchorElement>, tab: Tab) => void
  keyDown: (event: KeyboardEvent<HTMLAnchorElement>, tab: Tab, index: number) => void
  setMenuOpen: (tab: Tab, open: boolean) => void
  /** Where focus goes when the tab's menu closes: false leaves it to the menu (back to the tab). */
  focusAfterMenu: () => boolean
}

type TabItemProps = {
  tab: Tab
  index: number
  label: string
  current: boolean
  /** The bar's one Tab stop. */
  focusable: boolean
  dragging: boolean
  menuOpen: boolean
  /** Every tab, for the menu's "close to the left/right": only read while the menu is open. */
  tabs: readonly Tab[]
  maximized: boolean
  hintId: string
  /** Compared, not read: the close button and the pin name themselves in the current language. */
  locale: string
  events: TabEvents
  commands: TabCommands
}

/**
 * One tab: a link with its context menu and close button. Memoised: a page switch draws again only
 * the tabs whose address, state or words changed, not the whole bar. The menu's Radix tree mounts
 * only while it is open (a list's every new page draws its tab again, and with the menu that was
 * twenty components more each time).
 */
function TabItemView({
  tab,
  index,
  label,
  current,
  focusable,
  dragging,
  menuOpen,
  tabs,
  maximized,
  hintId,
  events,
  commands,
}: TabItemProps) {
  const link = useRef<HTMLAnchorElement>(null)
  const linkId = useId()
  return (
    <div
      data-tab-path={tab.fullPath}
      data-pinned={tab.pinned || undefined}
      className={cn(
        'group relative flex shrink-0 items-center rounded border text-sm select-none',
        current
          ? 'border-primary-3 bg-primary-1 text-primary'
          : 'border-border text-muted-foreground hover:text-foreground',
        dragging && 'cursor-grabbing opacity-70 ring-2 ring-ring',
      )}
    >
      <a
        ref={link}
        id={linkId}
        href={tab.fullPath}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        title={readableAddress(tab.fullPath)}
        aria-current={current ? 'page' : undefined}
        aria-describedby={hintId}
        tabIndex={focusable ? 0 : -1}
        draggable={false}
        onPointerDown={(event) => {
          // The menu opens on right-click and Shift+F10, not on a press: a press opens or drags the tab.
          if (event.button === 0 && !event.ctrlKey) event.preventDefault()
          events.pointerDown(event, tab)
        }}
        onClick={(event) => events.open(event, tab)}
        onMouseDown={(event) => {
          // No autoscroll on a middle press over a tab it will close.
          if (event.button === 1 && isClosable(tab)) event.preventDefault()
        }}
        onAuxClick={(event) => {
          if (event.button === 1 && isClosable(tab)) {
            event.preventDefault()
            commands.close('self', tab)
          }
        }}
        onDoubleClick={() => toggleMaximized()}
        onContextMenu={(event) => {
          event.preventDefault()
          events.setMenuOpen(tab, true)
        }}
        onKeyDown={(event) => events.keyDown(event, tab, index)}
        className="flex items-center gap-1 rounded px-2.5 py-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {tab.pinned && <Pin role="img" aria-label={m.tab_pinned()} className="size-3 shrink-0" />}
        {label}
      </a>
      {menuOpen && (
        <Suspense fallback={null}>
          <TabMenu
            tab={tab}
            tabs={tabs}
            maximized={maximized}
            events={events}
            commands={commands}
            link={link}
            linkId={linkId}
          />
        </Suspense>
      )}
      {isClosable(tab) && (
        <button
          type="button"
          // Keyboard users close with Delete: the bar is one Tab stop.
          tabIndex={-1}
          aria-label={m.tab_close_named({ title: label })}
          onClick={() => commands.close('self', tab)}
          className="mr-1 rounded p-0.5 opacity-60 hover:bg-accent hover:opacity-100"
        >
          <X aria-hidden className="size-3" />
        </button>
      )}
    </div>
  )
}

export const TabItem = memo(TabItemView)
