import * as v from 'valibot'
import { isSafeRedirect } from './permissions'

/** `?redirect=` as the guards pass it: a path inside the console, or `notFound`. Anything else is dropped. */
export const RedirectSearchSchema = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(2000), v.check(isSafeRedirect))), undefined),
})

const DEFAULT_ROUTE = '/dashboard/workplace'
export const NOT_FOUND_ROUTE = '/not-found'

/** Where sign-in leads: the wanted page, the not-found page, or Workplace. */
export function redirectTargetHref(redirect: string | undefined): string {
  if (!redirect) return DEFAULT_ROUTE
  if (redirect === 'notFound') return NOT_FOUND_ROUTE
  return redirect
}
