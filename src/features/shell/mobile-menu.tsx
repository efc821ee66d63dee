import type { ReactNode } from 'react'
import { m } from '@/paraglide/messages'
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet'
import { LocaleSwitch } from '@/components/locale-switch'
import type { SideMenuItem } from './menu-items'
import { SideMenu } from './side-menu'

type MobileMenuProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  width: number
  items: SideMenuItem[]
  marketSwitcher?: ReactNode
}

/** The phone's menu drawer, loaded when it is first opened (issue 24: no Radix on the console's first paint). */
export function MobileMenu({ open, onOpenChange, width, items, marketSwitcher }: MobileMenuProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" width={width} closeLabel={m.common_close()} aria-describedby={undefined}>
        <SheetTitle className="px-4 pt-4 pb-1">{m.nav_main_label()}</SheetTitle>
        {/* What the narrow navbar leaves out: the market switcher and the language. */}
        <div className="flex flex-wrap items-center gap-2 px-3 pt-2">
          {marketSwitcher}
          <LocaleSwitch />
        </div>
        <div onClick={(event) => (event.target as HTMLElement).closest('a') && onOpenChange(false)}>
          <SideMenu items={items} collapsed={false} />
        </div>
      </SheetContent>
    </Sheet>
  )
}
