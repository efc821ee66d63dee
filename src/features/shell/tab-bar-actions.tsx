import { memo, type ComponentProps } from 'react'
import { ChevronDown, Maximize2, Minimize2, RotateCw } from 'lucide-react'
import { m } from '@/paraglide/messages'
import type { Tab } from '@/lib/tabs'
import { Button } from '@/components/ui/button'
import { useOpenerOnUse } from '@/components/ui/opener-on-use'
import { toggleMaximized } from './maximize'
import type { TabCommands } from './tab-menu'

// The menu's Radix code loads on first use (issue 24): the console's first paint draws its button only.
const loadMenu = () => import('./tab-actions-menu')

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
 * The bar's own buttons: maximize, reload the current tab, and the current tab's menu. Memoised: a
 * new page of a list (a new address, the same tab) leaves them alone.
 */
function TabBarActionsView({ hasCurrent, currentTab, maximized, commands }: TabBarActionsProps) {
  const opener = useOpenerOnUse(loadMenu, 'menu')
  const menuButton = (props: ComponentProps<typeof Button>) => (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={m.tab_actions()}
      data-testid="tab-actions"
      {...props}
    >
      <ChevronDown aria-hidden className="size-4" />
    </Button>
  )
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
          {opener.loaded ? (
            <opener.loaded.TabActionsMenu
              currentTab={currentTab}
              maximized={maximized}
              commands={commands}
              trigger={menuButton({ ref: opener.triggerRef })}
            />
          ) : (
            menuButton(opener.standIn)
          )}
        </>
      )}
    </>
  )
}

export const TabBarActions = memo(TabBarActionsView)
