import { useRef, type PointerEvent, type ReactNode, type RefObject } from 'react'
import { MoreHorizontal, type LucideIcon } from 'lucide-react'
import { cn } from '@/lib/cn'
import { useLoadedOnUse } from '@/components/on-first-use'
import { Button } from '@/components/ui/button'
import { ConfirmDialogOnUse, useConfirmedRun } from './confirmed-run'
import { useRowInUse } from './use-row-in-use'

// The menu and its Radix code load when a row's menu is first pointed at, focused or opened (issue 24:
// nothing of it on a list's first paint); one module for every row.
const loadRowMenu = () => import('./row-menu')

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
  const loaded = useLoadedOnUse(loadRowMenu, menu.inUse)

  return (
    <div className="flex items-center gap-1">
      {children}
      {menu.inUse && loaded ? (
        <loaded.RowMenu
          key={rowKey}
          menuLabel={menuLabel}
          actions={actions}
          trigger={trigger}
          menuIcon={menuIcon}
          focusButton={focusButton}
        />
      ) : (
        // Opens the menu the way the menu's own trigger would (once its code is there: the button
        // keeps focus meanwhile).
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={menuLabel}
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerEnter={warmRowMenu}
          onFocus={warmRowMenu}
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

/** Starts loading the menu's code ahead of a press (the bundler keeps the one request). */
const warmRowMenu = () => void loadRowMenu()

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
  const { choose, step } = useConfirmedRun(ConfirmDialogOnUse)
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
