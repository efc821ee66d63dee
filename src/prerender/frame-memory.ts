/**
 * THE PRERENDER KIT's memory of a signed-in frame (issue 24 §2): a prerendered frame is drawn for a
 * nameless platform account, so what differs per user (their name and role in the welcome line, the
 * market the page shows, the role's menu) would change at takeover, and the welcome line growing was
 * the page's largest paint arriving late. The page remembers what it drew last (these texts, the
 * role's frame variant, the market it showed) for the account signed in; the page's boot script puts
 * them into the frame before it paints (./boot/frame-memory.ts), so the takeover draws the same words
 * in the same places. Kept free of the app's modules: the boot script bundles it.
 */
export const FRAME_MEMORY_KEY = 'frame-memory'

export type FrameMemory = {
  /** Whose it is: a mark of the session token (not the token), so another sign-in ignores it. */
  account: string
  /** The language the texts are in; a frame in another language keeps its own words. */
  locale: string
  role: number
  marketId: string | null
  /** The market the page showed (null: all markets): the scope texts hold for that market only. */
  scope: string | null
  /** A `variants` name of src/prerender/pages.ts (the role's menu and navbar), or null for the frame as drawn. */
  variant: string | null
  /**
   * Text by CSS selector: what the page showed in each element the frame draws too, as its text nodes
   * (the frame gets the same nodes: text shaped across other node boundaries can differ by a pixel,
   * and a welcome line a pixel wider at takeover was a new largest paint).
   */
  texts: Record<string, string[]>
  /** Texts that name the market in scope: applied only when the frame shows that market. */
  scopeTexts: Record<string, string[]>
}

/** FNV-1a of the token: tells one session from another without keeping a second copy of it. */
export function accountMark(token: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16)
}

const isTexts = (value: unknown): value is Record<string, string[]> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value as Record<string, unknown>).every(
    (parts) => Array.isArray(parts) && parts.every((text) => typeof text === 'string'),
  )

/** The memory kept for the session `token`, or null (none, another account's, or damaged). */
export function readFrameMemory(token: string | null): FrameMemory | null {
  if (!token) return null
  try {
    const memory = JSON.parse(localStorage.getItem(FRAME_MEMORY_KEY) ?? 'null') as Partial<FrameMemory> | null
    if (
      !memory ||
      memory.account !== accountMark(token) ||
      typeof memory.locale !== 'string' ||
      typeof memory.role !== 'number' ||
      !(typeof memory.marketId === 'string' || memory.marketId === null) ||
      !(typeof memory.scope === 'string' || memory.scope === null) ||
      !(typeof memory.variant === 'string' || memory.variant === null) ||
      !isTexts(memory.texts) ||
      !isTexts(memory.scopeTexts)
    )
      return null
    return memory as FrameMemory
  } catch {
    return null
  }
}

/** Keeps what the page drew for the next visit's frame (storage full or disabled: forgotten). */
export function writeFrameMemory(memory: FrameMemory): void {
  try {
    localStorage.setItem(FRAME_MEMORY_KEY, JSON.stringify(memory))
  } catch {
    // The next frame is drawn as built; nothing else depends on it.
  }
}
