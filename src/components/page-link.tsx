import { useRef, type ComponentProps, type ReactElement } from 'react'
import { useRouter, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router'
import { stringifySearch } from '@/lib/search-params'

/** What a link to a console page says, once the router's types have checked it. */
type PageTarget = { to: string; params?: Record<string, string>; search?: Record<string, unknown> }

/** A page to link to, checked against the route tree, for links built as data (a list of tiles). */
export type PageLinkTarget = ValidateLinkOptions<RegisteredRouter>

type PageLinkProps<TOptions> = Omit<ComponentProps<'a'>, 'href'> & {
  /** The page: a route, its params and its search, checked against the route tree like a router Link's. */
  link: ValidateLinkOptions<RegisteredRouter, TOptions>
  /** This link is the page shown (`data-status="active"`, `aria-current="page"`, as a router Link). */
  active?: boolean
}

/** How long a pointer rests on a link before its page's code and data load (the router's default). */
const PRELOAD_DELAY_MS = 50

/** The page's address: its route with the params in place, and the search as the router writes it. */
export function pageHref({ to, params, search }: PageTarget): string {
  const path = to.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''))
  return path + (search ? stringifySearch(search) : '')
}

/**
 * A link to a console page, for rows and menus where there are many: an `<a href>` that the router
 * follows on a plain click and preloads on intent, as its Link does. The router's Link keeps a
 * subscription, a built location and a dozen hooks per link: the Workplace's twenty latest payments
 * alone held 0.14 MB of its heap (issue 24). Whether the link is the current page is the caller's
 * to say, from one reading of the location for all its links.
 */
export function PageLink<TOptions>(props: PageLinkProps<TOptions>): ReactElement
export function PageLink({
  link,
  active,
  onClick,
  onMouseEnter,
  onMouseLeave,
  onFocus,
  onBlur,
  onTouchStart,
  ...anchor
}: PageLinkProps<unknown>): ReactElement {
  const router = useRouter()
  const target = link as unknown as PageTarget
  const preloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const preload = () => void router.preloadRoute(target).catch(() => undefined)
  const preloadSoon = () => {
    preloadTimer.current ??= setTimeout(() => {
      preloadTimer.current = undefined
      preload()
    }, PRELOAD_DELAY_MS)
  }
  const cancelPreload = () => {
    clearTimeout(preloadTimer.current)
    preloadTimer.current = undefined
  }
  return (
    <a
      {...anchor}
      href={pageHref(target)}
      {...(active ? { 'data-status': 'active', 'aria-current': 'page' } : {})}
      onClick={(event) => {
        onClick?.(event)
        // A new tab, a download or a window stays the browser's.
        const opensElsewhere = anchor.target !== undefined && anchor.target !== '_self'
        if (event.defaultPrevented || event.button !== 0 || opensElsewhere) return
        if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
        event.preventDefault()
        cancelPreload()
        void router.navigate(target)
      }}
      onMouseEnter={(event) => {
        onMouseEnter?.(event)
        preloadSoon()
      }}
      onFocus={(event) => {
        onFocus?.(event)
        preloadSoon()
      }}
      onMouseLeave={(event) => {
        onMouseLeave?.(event)
        cancelPreload()
      }}
      onBlur={(event) => {
        onBlur?.(event)
        cancelPreload()
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event)
        preload()
      }}
    />
  )
}

/**
 * Whether `path` is the page shown or an ancestor of it (the menu's "merchants" while a merchant's
 * page is open), by whole segments: `/market` is not current on `/marketing`.
 */
export function isCurrentPage(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/'
  const page = path.replace(/\/$/, '')
  return pathname === page || pathname.startsWith(`${page}/`)
}
