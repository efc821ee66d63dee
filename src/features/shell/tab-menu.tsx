import { ExternalLink, Maximize2, Minimize2, Pin, PinOff, RotateCw } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { isHome, tabsToClose, type CloseAction, type Tab } from '@/lib/tabs'
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu'

/** What a tab's menu can do; the tab bar supplies it. */
export type TabCommands = {
  reload: (tab: Tab) => void
  close: (action: CloseAction, tab: Tab) => void
  pin: (tab: Tab, pinned: boolean) => void
  toggleMaximized: () => void
  openWindow: (tab: Tab) => void
}

const CLOSE_ACTIONS: { action: CloseAction; label: () => string }[] = [
  { action: 'self', label: m.tab_close },
  { action: 'others', label: m.tab_close_others },
  { action: 'left', label: m.tab_close_left },
  { action: 'right', label: m.tab_close_right },
  { action: 'all', label: m.tab_close_all },
]

/** One tab's actions, for its context menu and the bar's menu of the current tab. */
export function TabMenuItems({
  tab,
  tabs,
  maximized,
  commands,
}: {
  tab: Tab
  tabs: readonly Tab[]
  maximized: boolean
  commands: TabCommands
}) {
  return (
    <>
      <DropdownMenuItem onSelect={() => commands.reload(tab)}>
        <RotateCw aria-hidden className="size-4" />
        {m.tab_reload()}
      </DropdownMenuItem>
      {!isHome(tab) && (
        <DropdownMenuItem onSelect={() => commands.pin(tab, !tab.pinned)} data-testid="tab-pin">
          {tab.pinned ? <PinOff aria-hidden className="size-4" /> : <Pin aria-hidden className="size-4" />}
          {tab.pinned ? m.tab_unpin() : m.tab_pin()}
        </DropdownMenuItem>
      )}
      <DropdownMenuItem onSelect={commands.toggleMaximized}>
        {maximized ? <Minimize2 aria-hidden className="size-4" /> : <Maximize2 aria-hidden className="size-4" />}
        {maximized ? m.tab_restore() : m.tab_maximize()}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => commands.openWindow(tab)}>
        <ExternalLink aria-hidden className="size-4" />
        {m.tab_open_window()}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      {CLOSE_ACTIONS.map(({ action, label }) => (
        <DropdownMenuItem
          key={action}
          className="pl-8"
          // Pinned tabs and Workplace never close: an action with nothing to close is offered, disabled.
          disabled={tabsToClose(tabs, action, tab).length === 0}
          onSelect={() => commands.close(action, tab)}
        >
          {label()}
        </DropdownMenuItem>
      ))}
    </>
  )
}
