import { useRef, useState, type ReactNode, type RefObject } from 'react'
import { MoreHorizontal, type LucideIcon } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'

export type RowAction = {
  id: string
  label: string
  icon?: LucideIcon
  /** Drawn in the danger colour, here and on its confirm button. */
  danger?: boolean
  /** Asked first ("Are you sure?"); the dialog stays open while the action runs. */
  confirm?: { title?: string; description: ReactNode; confirmLabel?: string }
  /** The action; a failure is reported by the query cache (src/lib/request-errors.ts), so it is not repeated here. */
  run: () => Promise<unknown>
}

type RowActionsProps = {
  /** The menu button's name, saying whose actions these are: "More actions for …". */
  menuLabel: string
  actions: readonly RowAction[]
  /** Shown before the menu, e.g. an Edit link. */
  children?: ReactNode
  /** The menu button, for a dialog an action opens afterwards (a secret shown once) to return focus to. */
  menuRef?: RefObject<HTMLButtonElement | null>
}

/** A row's actions: direct ones first, the rest in a menu, each confirmed before it runs. */
export function RowActions({ menuLabel, actions, children, menuRef }: RowActionsProps) {
  const ownRef = useRef<HTMLButtonElement>(null)
  const trigger = menuRef ?? ownRef
  const [confirming, setConfirming] = useState<RowAction | null>(null)
  const [pending, setPending] = useState(false)
  // The menu's Radix tree mounts on first use: a 100-row page draws a hundred closed menus otherwise.
  const [menuMounted, setMenuMounted] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const openMenu = () => {
    setMenuMounted(true)
    setMenuOpen(true)
  }

  async function run(action: RowAction) {
    setPending(true)
    try {
      await action.run()
    } catch {
      // Already reported; the dialog just closes.
    } finally {
      setPending(false)
      setConfirming(null)
    }
  }

  return (
    <div className="flex items-center gap-1">
      {children}
      {menuMounted ? (
        <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
          <DropdownMenuTrigger asChild>
            <Button ref={trigger} variant="ghost" size="icon" className="size-8" aria-label={menuLabel}>
              <MoreHorizontal aria-hidden className="size-4" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {actions.map((action) => {
              const Icon = action.icon
              return (
                <DropdownMenuItem
                  key={action.id}
                  onSelect={() => (action.confirm ? setConfirming(action) : void run(action))}
                  className={cn(action.danger && 'text-danger focus:text-danger')}
                >
                  {Icon && <Icon aria-hidden className="size-4" />}
                  {action.label}
                </DropdownMenuItem>
              )
            })}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        // Until then a plain button that opens it the way the menu's own trigger would.
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={menuLabel}
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerDown={(event) => {
            if (event.button !== 0 || event.ctrlKey) return
            event.preventDefault()
            openMenu()
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return
            event.preventDefault()
            openMenu()
          }}
        >
          <MoreHorizontal aria-hidden className="size-4" />
        </Button>
      )}
      {confirming?.confirm && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={confirming.confirm.title ?? confirming.label}
          description={confirming.confirm.description}
          confirmLabel={confirming.confirm.confirmLabel ?? confirming.label}
          cancelLabel={m.common_cancel()}
          danger={confirming.danger}
          pending={pending}
          onConfirm={() => void run(confirming)}
          returnFocusTo={trigger}
        />
      )}
    </div>
  )
}
