/**
 * Below the md breakpoint (a phone) each row is a card: every cell on a line of its own with its
 * column's name before it (`data-label`), all in one font size, and the actions on a last line of
 * their own under a rule, without a name beside them (an "Edit" name beside an Edit button read as
 * one more control). The row number (`meta.cardLead`) opens the first line, "#21" before the first
 * field, rather than standing alone on a line. All in view without a sideways swipe; the explicit
 * roles keep the table's semantics when its parts are no longer displayed as one.
 *
 * Kept apart from ./table-body.tsx, free of React: a list's early rows, drawn by its boot script before
 * the app's code has arrived (src/prerender/boot/early-rows.ts), are drawn with the same classes.
 */
/** The rows' body: a phone's cards stand apart from the table's edge. */
export const ROWS_BODY_CLASS = 'transition-opacity max-md:block max-md:p-2'
export const PHONE_CARD_ROW =
  'border-t border-border hover:bg-muted/40 max-md:mb-2 max-md:flex max-md:flex-wrap max-md:rounded-md max-md:border max-md:bg-card max-md:px-3 max-md:py-2'
const PHONE_CARD_CELL =
  'px-3 py-2.5 whitespace-nowrap max-md:flex max-md:min-h-8 max-md:w-full max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:text-right max-md:whitespace-normal max-md:before:shrink-0 max-md:before:text-left max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)] max-md:[&:not([data-label])]:justify-end max-md:[[data-card-lead]+&]:flex-1'
/** The row number on a card: "#21", then the first field on the same line (that cell grows to fill it). */
const PHONE_CARD_LEAD =
  "px-3 py-2.5 whitespace-nowrap max-md:flex max-md:min-h-8 max-md:items-center max-md:px-0 max-md:py-1 max-md:pr-3 max-md:before:content-['#']"
/** The actions on a card: their own last line, under a rule, at its end. */
const PHONE_CARD_ACTIONS = 'max-md:mt-1 max-md:border-t max-md:border-border max-md:pt-2'

/**
 * A column pinned to the right edge (`meta.pinnedEnd`): sticky over the cells scrolling under it, so
 * opaque: the card's colour, and the row's hover tint mixed into it as the other cells show it.
 */
const PINNED_END_CELL =
  'md:sticky md:right-0 md:z-[1] md:bg-card md:shadow-[inset_1px_0_0_var(--border)] md:[tr:hover>&]:bg-[color-mix(in_srgb,var(--muted)_40%,var(--card))]'

/** What a column's meta says of its cells (TanStack's `ColumnMeta`, ./index-column.tsx). */
type CellMeta = { pinnedEnd?: boolean; cardLead?: boolean; className?: string }

/** A row's cell's classes: its place on a phone's card, a pinned column's, then the column's own. */
export const rowCellClass = ({ pinnedEnd, cardLead, className }: CellMeta = {}) =>
  `${cardLead ? PHONE_CARD_LEAD : PHONE_CARD_CELL} ${pinnedEnd ? `${PINNED_END_CELL} ${PHONE_CARD_ACTIONS}` : ''} ${className ?? ''}`

/** A cell's value with the button beside it that narrows the list to it (./narrowable-cells.tsx). */
export const NARROWABLE_CLASS = 'inline-flex items-center gap-1'
export const NARROW_BUTTON_CLASS =
  'inline-flex size-7 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'
