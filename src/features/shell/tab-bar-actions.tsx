import { memo } from 'react'
import { ChevronDown, Maximize2, Minimize2, RotateCw } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { useTabs, type Tab } from '@/lib/tabs'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { toggleMaximized } from './maximize'
import { TabMenuItems, type TabCommands } from './tab-menu'

type TabBarActionsProps = {
  /** Whether the current page has a tab (a page that is no tab has no reload or menu). */
  hasCurrent: boolean
  /** The current page's tab, read when a button is used: a list's new address changes the tab, not these buttons. */
  currentTab: () => Tab | null
  maximized: boolean
  /** Compared, not read: the buttons name themselves in the current language. */
  locale: string
  commands: TabCommands
}

/**
 * The open menu reads the tabs itself ("close to the right" needs them), and so draws again when they
 * change; a closed one draws nothing.
 */
function CurrentTabMenu({ currentTab, maximized, commands }: Omit<TabBarActionsProps, 'hasCurrent' | 'locale'>) {
  const { tabs } = useTabs()
  const tab = currentTab()
  return tab && <TabMenuItems tab={tab} tabs={tabs} maximized={maximized} commands={commands} />
}

/**
 * The bar's own buttons: maximize, reload the current tab, and the current tab's menu. Memoised: a
 * new page of a list (a new address, the same tab) leaves them alone.
 */
function TabBarActionsView({ hasCurrent, currentTab, maximized, commands }: TabBarActionsProps) {
  return (
    <>
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
      {hasCurrent && (
        <>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={m.tab_reload()}
            title={m.tab_reload()}
            onClick={() => {
              const tab = currentTab()
              if (tab) commands.reload(tab)
            }}
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
              <CurrentTabMenu currentTab={currentTab} maximized={maximized} commands={commands} />
            </DropdownMenuContent>
          </DropdownMenu>
        </>
      )}
    </>
  )
}

export const TabBarActions = memo(TabBarActionsView)
