import type { PointerEvent } from 'react'
import { MoreHorizontal } from 'lucide-react'

// One element for every row: a row drawn again with the same icon leaves it alone.
export const menuIcon = <MoreHorizontal aria-hidden className="size-4" />

/**
 * A click on the menu button gives it focus (the menu's own pointer handling keeps focus where it
 * was): a long page keeps the focused row drawn, so the button is still there when its menu closes.
 */
export const focusButton = (event: PointerEvent<HTMLButtonElement>) =>
  event.currentTarget.focus({ preventScroll: true })
