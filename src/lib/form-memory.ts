import type { Store } from '@tanstack/store'
import * as v from 'valibot'
import { eachValid, persistedStore } from './persisted-store'

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

/** [address, values] pairs, oldest first. */
type Drafts = [key: string, values: Record<string, unknown>][]

/** A damaged draft is dropped on its own rather than breaking the form or the others. */
const DraftsSchema = eachValid(v.tuple([v.string(), v.record(v.string(), v.unknown())]))

let store: Store<Drafts> | null = null

const drafts = (): Store<Drafts> =>
  (store ??= persistedStore({ key: STORAGE_KEY, schema: DraftsSchema, fallback: [], storage: 'sessionStorage' }))

/** What a draft keeps of a value: no secrets, and nothing JSON cannot bring back (an empty number is NaN). */
const keepable = ([name, value]: [string, unknown]) =>
  !isSecretField(name) &&
  value !== undefined &&
  value !== null &&
  !(typeof value === 'number' && !Number.isFinite(value))

export function recallDraft<T extends object>(key: string): Partial<T> | undefined {
  return drafts().state.find(([known]) => known === key)?.[1] as Partial<T> | undefined
}

export function keepDraft(key: string, values: object): void {
  const kept: Drafts[number] = [key, Object.fromEntries(Object.entries(values).filter(keepable))]
  drafts().setState((all) => [...all.filter(([known]) => known !== key), kept].slice(-MAX_DRAFTS))
}

export function forgetDraft(key: string): void {
  if (drafts().state.some(([known]) => known === key))
    drafts().setState((all) => all.filter(([known]) => known !== key))
}

/** Forgets what this module read (tests: a new page load). */
export function reloadDraftsForTest(): void {
  store = null
}
