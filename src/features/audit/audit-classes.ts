/**
 * The operation log's cells' classes, free of React and of the messages: its rows as the app draws
 * them (./audit-list-page.tsx) and as its boot script draws the first page before the code has arrived
 * (./early-audit-rows.ts) share them.
 */

/** The columns' own cell classes (TanStack's `meta.className`). */
export const AUDIT_CELL_CLASS = {
  at: 'tabular-nums',
  // On a phone's card the changes take the lines under their name.
  changes: 'max-md:flex-col max-md:items-start',
} as const

/** Wraps within its column (the table's cells keep to one line); a long note or address never widens the table. */
export const CHANGES_LIST_CLASS = 'max-w-md min-w-64 space-y-0.5 text-left break-words whitespace-normal'

/** A record's name opening its page. */
export const RECORD_LINK_CLASS =
  'text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'
