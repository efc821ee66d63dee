import type { ReactElement } from 'react'
import { useTabs, type Tab } from '@/lib/tabs'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { TabMenuItems, type TabCommands } from './tab-menu'

type TabActionsMenuProps = {
  currentTab: () => Tab | null
  maximized: boolean
  commands: TabCommands
  trigger: ReactElement
}

/**
 * The open menu reads the tabs itself ("close to the right" needs them), and so draws again when they
 * change; a closed one draws nothing.
 */
function CurrentTabMenu({ currentTab, maximized, commands }: Omit<TabActionsMenuProps, 'trigger'>) {
  const { tabs } = useTabs()
  const tab = currentTab()
  return tab && <TabMenuItems tab={tab} tabs={tabs} maximized={maximized} commands={commands} />
}

/** The current tab's menu in the tab bar, loaded on first use (tab-bar-actions.tsx draws its button till then). */
export function TabActionsMenu({ trigger, ...menu }: TabActionsMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <CurrentTabMenu {...menu} />
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
