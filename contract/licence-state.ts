import { addDays } from './time'

/**
 * A licence's state (issue 26 §1), in its own small file: the merchant list's filter loads with the
 * first page, the licence form's schemas do not. Computed from the Shanghai day only (contract/time.ts),
 * by this one function on both halves: the server stores each merchant's worst (merchants.licence_state)
 * and the console shows each licence's.
 */

/** Worst first: the order the list sorts by and `worstLicenceState` compares in. */
export const LICENCE_STATES = ['expired', 'missing', 'expiring', 'valid'] as const
export type LicenceState = (typeof LICENCE_STATES)[number]

/** A licence within this many days of its last valid day is expiring (the day itself counted). */
const EXPIRING_DAYS = 30

/**
 * The state of a licence valid until `validUntil` (its last valid day, 'YYYY-MM-DD') on the Shanghai
 * day `today`: expired from the day after, expiring from 30 days before, missing when there is none.
 */
export function licenceState(validUntil: string | null | undefined, today: string): LicenceState {
  if (!validUntil) return 'missing'
  if (validUntil < today) return 'expired'
  if (validUntil <= addDays(today, EXPIRING_DAYS)) return 'expiring'
  return 'valid'
}

/** The worse of several states (a merchant's two licences); 'missing' when there are none. */
export function worstLicenceState(states: readonly LicenceState[]): LicenceState {
  let worst = LICENCE_STATES.length - 1
  for (const state of states) worst = Math.min(worst, LICENCE_STATES.indexOf(state))
  return states.length === 0 ? 'missing' : (LICENCE_STATES[worst] as LicenceState)
}
