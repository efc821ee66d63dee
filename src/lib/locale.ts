import { useSyncExternalStore } from 'react'
import { getLocale, locales, setLocale, type Locale } from '@/paraglide/runtime'
import { settingsStore } from './settings'
import { writeViewCookie } from './view-cookie'

export type { Locale }
export const LOCALES = locales

const listeners = new Set<() => void>()

/** Switches language without a reload: paraglide stores it under `locale`; subscribers re-render. Answers whether it changed. */
export function switchLocale(next: Locale): boolean {
  if (next === getLocale()) return false
  void setLocale(next, { reload: false })
  document.documentElement.lang = next
  writeViewCookie(settingsStore.state.theme, next)
  for (const listener of listeners) listener()
  return true
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The current locale; components that render messages outside a route re-render when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale)
}
