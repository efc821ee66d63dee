/**
 * Half-filled forms kept per tab in memory (DESIGN §9): a form leaving the screen stores its values
 * under its tab's address, and finds them again when the user switches back. Never persisted: a
 * reload starts clean, and nothing typed reaches localStorage.
 */
const drafts = new Map<string, unknown>()

export function recallDraft<T>(key: string): T | undefined {
  return drafts.get(key) as T | undefined
}

export function keepDraft(key: string, values: unknown): void {
  drafts.set(key, values)
}

export function forgetDraft(key: string): void {
  drafts.delete(key)
}
