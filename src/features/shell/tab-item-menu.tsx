import { useRef, type RefObject } from 'react'
import type { Tab } from '@/lib/tabs'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { TabMenuItems, type TabCommands } from './tab-menu'
import type { TabEvents } from './tab-item'

type TabMenuProps = {
  tab: Tab
  /** Every tab, for the menu's "close to the left/right". */
  tabs: readonly Tab[]
  maximized: boolean
  events: TabEvents
  commands: TabCommands
  link: RefObject<HTMLAnchorElement | null>
  linkId: string
}

/** A tab's open menu, placed over the tab; closing it unmounts it. */
export function TabMenu({ tab, tabs, maximized, events, commands, link, linkId }: TabMenuProps) {
  // A click elsewhere leaves focus where it went; Escape or an item brings it back to the tab.
  const interactedOutside = useRef(false)
  return (
    <DropdownMenu
      // Not modal: a modal menu hides the page from assistive technology while its links stay
      // focusable (axe's aria-hidden-focus); Escape and a click outside still close it.
      modal={false}
      open
      onOpenChange={(open) => events.setMenuOpen(tab, open)}
    >
      <DropdownMenuTrigger asChild>
        {/* What the menu is placed against: the tab's box. The link is the control, so this takes no
            pointer or focus and is hidden from assistive technology. */}
        <span aria-hidden className="pointer-events-none absolute inset-0" />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        aria-labelledby={linkId}
        onInteractOutside={() => {
          interactedOutside.current = true
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          // The tab may have closed: focus goes where the action sent it instead.
          if (events.focusAfterMenu() || interactedOutside.current) return
          link.current?.focus()
        }}
      >
        <TabMenuItems tab={tab} tabs={tabs} maximized={maximized} commands={commands} />
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
