import { useCallback, useRef, useState, type PointerEvent, type ReactNode, type RefObject } from 'react'
import { MoreHorizontal, type LucideIcon } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { useCloseOutOfView } from './use-close-out-of-view'
import { useRowInUse } from './use-row-in-use'

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
  /**
   * The row these actions belong to, for a table that keeps this component in place from one row to
   * the next (DataTable's `meta.reuseAcrossRows`): the menu and its confirm step belong to the row they
   * were opened on, are let go when another row takes its place, and start afresh for each row, so one
   * row's open menu or confirm is never shown or run on another.
   */
  rowKey?: string
}

// One element for every row: a row drawn again with the same icon leaves it alone.
const menuIcon = <MoreHorizontal aria-hidden className="size-4" />

/**
 * A click on the menu button gives it focus (the menu's own pointer handling keeps focus where it
 * was): a long page keeps the focused row drawn, so the button is still there when its menu closes.
 */
const focusButton = (event: PointerEvent<HTMLButtonElement>) => event.currentTarget.focus({ preventScroll: true })

/** A row's actions: direct ones first, the rest in a menu, each confirmed before it runs. */
export function RowActions({ menuLabel, actions, children, menuRef, rowKey }: RowActionsProps) {
  const ownRef = useRef<HTMLButtonElement>(null)
  const trigger = menuRef ?? ownRef
  // The menu's Radix tree mounts on first use: a 100-row page draws a hundred closed menus otherwise.
  // Until then a plain button stands in, which stays in place when the row shows another item.
  const menu = useRowInUse(rowKey)

  return (
    <div className="flex items-center gap-1">
      {children}
      {menu.inUse ? (
        <RowMenu key={rowKey} menuLabel={menuLabel} actions={actions} trigger={trigger} />
      ) : (
        // Opens the menu the way the menu's own trigger would.
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
            focusButton(event)
            menu.use()
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return
            event.preventDefault()
            menu.use()
          }}
        >
          {menuIcon}
        </Button>
      )}
    </div>
  )
}

/** The confirm step shared by a row's menu and a record page's buttons: which action waits, and running it. */
function useConfirmedRun() {
  const [confirming, setConfirming] = useState<RowAction | null>(null)
  const [pending, setPending] = useState(false)
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
  /** Chosen: asked first when it says so, else run at once. */
  const choose = (action: RowAction) => (action.confirm ? setConfirming(action) : void run(action))
  const step = (returnFocusTo: RefObject<HTMLButtonElement | null>) =>
    confirming?.confirm && (
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
        returnFocusTo={returnFocusTo}
      />
    )
  return { choose, step }
}

type RowMenuProps = Pick<RowActionsProps, 'menuLabel' | 'actions'> & { trigger: RefObject<HTMLButtonElement | null> }

/** One row's menu, opened as it mounts, and the confirm step of the action chosen in it. */
function RowMenu({ menuLabel, actions, trigger }: RowMenuProps) {
  const [menuOpen, setMenuOpen] = useState(true)
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  const onCloseAutoFocus = useCloseOutOfView(menuOpen, closeMenu, trigger)
  const { choose, step } = useConfirmedRun()

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

type ActionButtonsProps = {
  actions: readonly RowAction[]
  /** Set to the button last pressed, for a dialog an action opens afterwards (a secret shown once) to return focus to. */
  lastUsed?: RefObject<HTMLButtonElement | null>
}

/**
 * A record's actions on its own page, as buttons in view rather than a row's menu: the same actions,
 * confirmed by the same step, focus given back to the button that asked.
 */
export function ActionButtons({ actions, lastUsed }: ActionButtonsProps) {
  const ownRef = useRef<HTMLButtonElement>(null)
  const used = lastUsed ?? ownRef
  const { choose, step } = useConfirmedRun()
  return (
    <div className="flex flex-wrap items-center gap-2">
      {actions.map((action) => {
        const Icon = action.icon
        return (
          <Button
            key={action.id}
            variant="outline"
            size="sm"
            className={cn(action.danger && 'text-danger hover:text-danger')}
            data-action={action.id}
            onClick={(event) => {
              used.current = event.currentTarget
              choose(action)
            }}
          >
            {Icon && <Icon aria-hidden className="size-3.5" />}
            {action.label}
          </Button>
        )
      })}
      {step(used)}
    </div>
  )
}
