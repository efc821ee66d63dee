import { useCallback, useState, type PointerEvent, type ReactNode, type RefObject } from 'react'
import { cn } from '@/lib/cn'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { useConfirmedRun } from './confirmed-run'
import type { RowAction } from './row-actions'
import { useCloseOutOfView } from './use-close-out-of-view'

type RowMenuProps = {
  menuLabel: string
  actions: readonly RowAction[]
  trigger: RefObject<HTMLButtonElement | null>
  menuIcon: ReactNode
  focusButton: (event: PointerEvent<HTMLButtonElement>) => void
}

/** One row's menu, opened as it mounts, and the confirm step of the action chosen in it. */
export function RowMenu({ menuLabel, actions, trigger, menuIcon, focusButton }: RowMenuProps) {
  const [menuOpen, setMenuOpen] = useState(true)
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  const onCloseAutoFocus = useCloseOutOfView(menuOpen, closeMenu, trigger)
  const { choose, step } = useConfirmedRun(ConfirmDialog)

  return (
    <>
      <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={menuLabel}
            onPointerDown={focusButton}
          >
            {menuIcon}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" onCloseAutoFocus={onCloseAutoFocus}>
          {actions.map((action) => {
            const Icon = action.icon
            return (
              <DropdownMenuItem
                key={action.id}
                onSelect={() => choose(action)}
                className={cn(action.danger && 'text-danger focus:text-danger')}
              >
                {Icon && <Icon aria-hidden className="size-4" />}
                {action.label}
              </DropdownMenuItem>
            )
          })}
        </DropdownMenuContent>
      </DropdownMenu>
      {step(trigger)}
    </>
  )
}
