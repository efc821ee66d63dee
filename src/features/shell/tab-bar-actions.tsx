import { memo } from 'react'
import { ChevronDown, Maximize2, Minimize2, RotateCw } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { useTabs, type Tab } from '@/lib/tabs'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { toggleMaximized } from './maximize'
import { TabMenuItems, type TabCommands } from './tab-menu'

type TabBarActionsProps = {
  /** The current page's tab; none on a page that is no tab. */
  active: Tab | null
  maximized: boolean
  /** Compared, not read: the buttons name themselves in the current language. */
  locale: string
  commands: TabCommands
}

/** The open menu reads the tabs itself ("close to the right" needs them): a closed one draws nothing. */
function CurrentTabMenu({ tab, maximized, commands }: { tab: Tab; maximized: boolean; commands: TabCommands }) {
  const { tabs } = useTabs()
  return <TabMenuItems tab={tab} tabs={tabs} maximized={maximized} commands={commands} />
}

/**
 * The bar's own buttons: maximize, reload the current tab, and the current tab's menu. Memoised: a
 * new page of a list (a new address, the same tab) leaves them alone.
 */
function TabBarActionsView({ active, maximized, commands }: TabBarActionsProps) {
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
      {active && (
        <>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={m.tab_reload()}
            title={m.tab_reload()}
            onClick={() => commands.reload(active)}
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
              <CurrentTabMenu tab={active} maximized={maximized} commands={commands} />
            </DropdownMenuContent>
          </DropdownMenu>
        </>
      )}
    </>
  )
}

export const TabBarActions = memo(TabBarActionsView)
