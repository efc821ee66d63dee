/**
 * THE PRERENDER KIT's memory of the tab bar (issue 24 §2): a frame is drawn with the Workplace's tab
 * alone, so the other open pages' tabs appeared only at takeover. The console keeps the words its tab
 * bar showed (./frame-tabs memory, written by src/features/shell/tab-bar.tsx); a signed-in page's boot
 * script draws the same tabs into the frame from templates the prerender put in the bar
 * (./boot/frame-tabs.ts). Kept free of the app's modules: the boot script bundles it.
 */

/** The key src/lib/tabs.ts keeps a window's open tabs under (sessionStorage, then localStorage). */
export const TABS_KEY = 'tabs'
const FRAME_TABS_KEY = 'frame-tabs'

/** One tab as the bar drew it. */
export type FrameTab = {
  fullPath: string
  label: string
  /** Its close button's name ("Close <label>"); empty for a tab that cannot close. */
  closeLabel: string
  /** Its tooltip: the address, readable. */
  address: string
  pinned: boolean
}
type FrameTabs = { locale: string; tabs: FrameTab[] }

/** The kinds of tab the prerender draws as templates for the boot script (src/features/shell/tab-bar.tsx). */
export type FrameTabKind = 'closable' | 'closable-current' | 'pinned' | 'pinned-current'

function storage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return globalThis[kind] ?? null
  } catch {
    return null
  }
}

/** What this window keeps under `key`, else what a new window starts from (src/lib/tabs.ts `windowStorage`). */
function readWindow(key: string): unknown {
  try {
    const text = storage('sessionStorage')?.getItem(key) ?? storage('localStorage')?.getItem(key) ?? null
    return text === null ? null : JSON.parse(text)
  } catch {
    return null
  }
}

const isFrameTab = (value: unknown): value is FrameTab => {
  const tab = value as Partial<FrameTab> | null
  return (
    typeof tab === 'object' &&
    tab !== null &&
    typeof tab.fullPath === 'string' &&
    // The console's own pages only (`//host` would be another site's).
    /^\/(?![/\\])/.test(tab.fullPath) &&
    typeof tab.label === 'string' &&
    typeof tab.closeLabel === 'string' &&
    typeof tab.address === 'string' &&
    typeof tab.pinned === 'boolean'
  )
}

/**
 * The tabs to draw in a frame in `locale`: those the bar last drew, provided they are still the
 * window's open tabs in the same order (another window may have written the words since). Null when
 * there is nothing trustworthy to draw: the frame keeps its own tab bar.
 */
export function readFrameTabs(locale: string): FrameTab[] | null {
  const kept = readWindow(FRAME_TABS_KEY) as Partial<FrameTabs> | null
  const open = readWindow(TABS_KEY) as { tabs?: unknown } | null
  if (!kept || kept.locale !== locale || !Array.isArray(kept.tabs) || !kept.tabs.every(isFrameTab)) return null
  if (!open || !Array.isArray(open.tabs) || open.tabs.length !== kept.tabs.length) return null
  const same = kept.tabs.every((tab, index) => {
    const stored = (open.tabs as unknown[])[index] as { fullPath?: unknown; pinned?: unknown } | null
    return stored?.fullPath === tab.fullPath && (stored.pinned === true) === tab.pinned
  })
  return same && kept.tabs.length > 0 ? kept.tabs : null
}

/** Keeps the bar's words beside the open tabs, where they are kept (storage full or off: the frame keeps its own bar). */
export function writeFrameTabs(locale: string, tabs: FrameTab[]): void {
  const text = JSON.stringify({ locale, tabs } satisfies FrameTabs)
  for (const kind of ['sessionStorage', 'localStorage'] as const)
    try {
      storage(kind)?.setItem(FRAME_TABS_KEY, text)
    } catch {
      // As above.
    }
}
