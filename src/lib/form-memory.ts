/**
 * Half-filled forms kept per tab (DESIGN §9): a form stores its values under its tab's address as
 * they are typed, and finds them again when the user switches back or reloads. Kept in
 * sessionStorage: one browser window's, gone when the window closes, never shared with another
 * window and never in localStorage. Passwords are never kept.
 */
const STORAGE_KEY = 'ds-drafts'
/** Drafts kept at most; the oldest go first. */
const MAX_DRAFTS = 20

/** Fields never kept, whatever the form: a password typed once stays with the input it was typed in. */
const SECRET_NAME = /password|passwd|pwd|secret/i

const isSecretField = (name: string) => SECRET_NAME.test(name)

type Drafts = Map<string, Record<string, unknown>>

let loaded: Drafts | null = null

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

function drafts(): Drafts {
  if (loaded) return loaded
  loaded = new Map()
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]')
    if (Array.isArray(stored))
      for (const entry of stored as unknown[])
        if (
          Array.isArray(entry) &&
          typeof entry[0] === 'string' &&
          entry[1] !== null &&
          typeof entry[1] === 'object' &&
          !Array.isArray(entry[1])
        )
          loaded.set(entry[0], entry[1] as Record<string, unknown>)
  } catch {
    // A damaged entry starts clean rather than breaking the form.
  }
  return loaded
}

function save(all: Drafts): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify([...all]))
  } catch {
    // Full or refused storage: the draft still lives in memory until the reload.
  }
}

/** What a draft keeps of a value: no secrets, and nothing JSON cannot bring back (an empty number is NaN). */
const keepable = ([name, value]: [string, unknown]) =>
  !isSecretField(name) &&
  value !== undefined &&
  value !== null &&
  !(typeof value === 'number' && !Number.isFinite(value))

export function recallDraft<T extends object>(key: string): Partial<T> | undefined {
  return drafts().get(key) as Partial<T> | undefined
}

export function keepDraft(key: string, values: object): void {
  const all = drafts()
  all.delete(key)
  all.set(key, Object.fromEntries(Object.entries(values).filter(keepable)))
  while (all.size > MAX_DRAFTS) all.delete(all.keys().next().value as string)
  save(all)
}

export function forgetDraft(key: string): void {
  const all = drafts()
  if (all.delete(key)) save(all)
}

/** Forgets what this module read (tests: a new page load). */
export function reloadDraftsForTest(): void {
  loaded = null
}
