import { Role } from '@contract/roles'
import { startEarly, type EarlyAnswer } from './early-requests'
import { readFrameMemory, type FrameMemory } from '@/prerender/frame-memory'

/**
 * What a signed-in page's inline boot script starts from the HTML (issue 24), before the app's code
 * has arrived: the signed-in account, and, as soon as the market in scope is known (from what the page
 * drew last for this account, else from the account's answer), the page's own first requests. The
 * app's own calls for the same addresses take these answers (./early-requests.ts), so nothing is asked
 * twice. Written without the app's modules (valibot, the router, paraglide): the boot scripts that
 * bundle it must stay small; each page's test holds its addresses to its queries' own.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function cookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null
}

/**
 * The market the page will show, as src/lib/market-scope.ts resolves it: a MARKET account's own; an
 * OFFICIAL's from the address (a uuid), else the market last chosen in this browser, else all.
 */
export function earlyScope(user: { role: number; marketId: string | null }, search: string): string | null {
  if (user.role !== Role.OFFICIAL) return user.marketId
  const fromUrl = new URLSearchParams(search).get('market')
  if (fromUrl && UUID.test(fromUrl)) return fromUrl
  try {
    const choice = JSON.parse(stored('market-scope') ?? 'null') as { id?: unknown } | null
    return typeof choice?.id === 'string' && UUID.test(choice.id) ? choice.id : null
  } catch {
    return null
  }
}

/** Starts a page's first requests for the market in scope, with the console's headers. */
export type StartScreen = (market: string | null, headers: Record<string, string>) => void

/**
 * Starts the account's request and the page's first ones with the stored session; answers false when
 * there is none, else what the page drew last for this account (src/prerender/frame-memory.ts), or
 * null. With that memory the page's requests go at once, beside the account's, in the scope it gives;
 * without it (or when the account's answer names another scope) they go when the account has answered.
 */
export function startEarlyConsole(startScreen: StartScreen): false | { memory: FrameMemory | null } {
  const token = stored('token')
  if (!token) return false
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': stored('locale') ?? document.documentElement.lang,
    Authorization: token,
  }
  const xsrf = cookie('XSRF-TOKEN')
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf
  const started = new Set<string | null>()
  const startOnce = (market: string | null) => {
    if (started.has(market)) return
    started.add(market)
    startScreen(market, headers)
  }
  const memory = readFrameMemory(token)
  const account = startEarly('POST', '/api/user/info', headers)
  if (memory) startOnce(earlyScope(memory, location.search))
  void account.then((answer: EarlyAnswer | null) => {
    let user: { role: number; marketId: string | null } | undefined
    try {
      user = answer?.status === 200 ? (JSON.parse(answer.text) as { data?: typeof user }).data : undefined
    } catch {
      user = undefined
    }
    // Not signed in after all (the guard signs out and goes to /login): nothing more to ask.
    if (!user) return
    startOnce(earlyScope(user, location.search))
  })
  return { memory }
}
