import { Role } from '@contract/roles'
import { earlyAuditWords } from '@/features/audit/early-audit-words'

/**
 * THE PRERENDER KIT's registry: the pages whose HTML is drawn at build time from the app's own
 * components (src/prerender/entry.tsx renders the real route tree), so they paint before any
 * JavaScript runs. To add a page, add an entry here; nothing else is needed:
 * - `npm run build` (scripts/prerender.mjs) renders it once per language and theme into
 *   dist/client/prerendered/<file>.<locale>.<theme>.html (contract/prerender-view.ts), with the app's CSS
 *   inlined, `<link rel="modulepreload">` for the chunks of `preload` (and their static imports, from
 *   the Vite manifest), and `boot` bundled as an inline script at the top of <body>;
 * - the inline script's SHA-256 goes into dist/client/prerendered/index.json, which server/app.ts reads
 *   into the CSP's script-src (never 'unsafe-inline');
 * - server/static.ts answers GET `path` with the file of the visitor's view: the `console-view` cookie
 *   (written by the app whenever the language or theme changes, and by every boot script), else
 *   Accept-Language on a first visit, else zh-CN in the light theme;
 * - src/main.tsx hydrates the markup when the page it loads is the one prerendered in the stored
 *   language (data-prerendered on #root), and renders afresh otherwise.
 */
export type PrerenderedPage = {
  /** The URL path the server answers with this page's HTML (exact; the query string is ignored). */
  path: string
  /** The file's stem under dist/client/prerendered/. */
  file: string
  /** Vite manifest keys of the route chunks the page's first render needs (`src/routes/x.tsx?tsr-split=component`). */
  preload: string[]
  /**
   * A module (path from the project root) bundled into the page's inline boot script, which runs at
   * the top of <body> before the markup paints: apply the stored view (./boot/stored-view.ts) and
   * anything the page must start at once. Keep it tiny and free of heavy imports: it is in every answer.
   */
  boot: string
  /** localStorage while the page renders (Node has none): what its route guards and stores read. */
  storage?: Record<string, string>
  /**
   * API answers while the page renders (`"POST /api/user/info"` → its `data`): what its route guards
   * ask before the page draws. Any other call waits forever, so the page draws its loading state.
   */
  answers?: Record<string, unknown>
  /**
   * The prerendered markup is a frame the app replaces rather than hydrates (a signed-in page: its
   * words name the user, its menu follows the role): src/main.tsx loads the route first, then draws the
   * page afresh in one commit, so nothing blanks between the frame and the page.
   */
  takeover?: boolean
  /**
   * Frames for other accounts, by name (`answers` for each): what a variant's page lacks (its menu's
   * links, its navbar's controls, by data-testid) is hidden by generated styles under
   * `<html data-frame~=name>`, which the boot script sets from the page's memory of the account
   * (src/prerender/frame-memory.ts), so a MARKET operator's frame has its own menu from the first paint.
   */
  variants?: Record<string, Record<string, unknown>>
  /**
   * The page is the platform's only: a market operator's route guard sends them on to the Workplace.
   * The boot script does it before painting when the page's memory of the account says it is an
   * operator's (`<html data-platform-only>`), so they never see the platform's frame first.
   */
  platformOnly?: boolean
  /**
   * A list's first page as the app asks for it when the address names no search, filter, sort or page
   * (`/api/<list>?<its defaults>`, without the market): the boot script asks for it from the HTML, in
   * the market in scope, and the app takes the answer (src/lib/early-list.ts; first-pages.test.ts holds
   * each to the app's own request).
   */
  firstPage?: string
  /**
   * The app's entry script starts only after the HTML's first paint: the HTML holds it and every
   * preload (`<template data-after-paint>`, `<link rel="modulepreload" data-entry>`) instead of loading
   * them at once, and the boot script must call ./boot/start-after-first-paint.ts, which starts them.
   * For a page whose own HTML is what the visitor needs first (the sign-in page, a frame); its boot script must
   * also hold what the visitor does before the code arrives (../typed-before-hydration.ts,
   * ../early-locale.ts).
   */
  paintFirst?: boolean
  /**
   * The words its boot script says before the app's code has arrived (a list's early rows:
   * ./boot/early-rows.ts), in the language being rendered: the build writes them into that language's
   * HTML (./early-words.ts), so the inline script carries no messages.
   */
  earlyWords?: () => unknown
}

/** The frame's nameless platform account (its navbar and menu); the page takes over with the real one. */
const FRAME_ACCOUNT = {
  uk: '',
  username: '',
  avatar: null,
  role: Role.OFFICIAL,
  status: 1,
  registerTime: '',
  marketId: null,
  official: true,
}

/** The same for a market's operator: the frame's `market` variant (its menu and navbar). */
const MARKET_FRAME_ACCOUNT = {
  ...FRAME_ACCOUNT,
  role: Role.MARKET,
  marketId: '00000000-0000-4000-8000-000000000000',
  official: false,
}

/** Dynamically imported on the way to a list's takeover: src/lib/query-client-lazy.ts, the lists' loaders. */
const TAKEOVER_IMPORTS = ['src/lib/query-client.ts', 'src/lib/prefetch-scoped-list.ts']

/**
 * A console list's frame: the platform's, and a market operator's variant (its menu, no market column)
 * unless the list is the platform's only. `route` is the list's folder under src/routes/_console/;
 * `boot` a list's own boot script, which runs ./boot/list-page.ts and more; `earlyWords` what it says.
 */
function listFrame(
  path: string,
  file: string,
  route: string,
  {
    firstPage,
    platformOnly = false,
    boot = 'src/prerender/boot/console-page.ts',
    earlyWords,
  }: Pick<PrerenderedPage, 'firstPage' | 'platformOnly' | 'earlyWords'> & { boot?: string } = {},
): PrerenderedPage {
  return {
    path,
    file,
    preload: [
      'src/routes/_console.tsx?tsr-split=component',
      `src/routes/_console/${route}/index.tsx?tsr-split=component`,
      // What router.load() imports before the takeover (the console's beforeLoad, a list's loader): each a
      // round trip after the entry has run, one after the other, when not preloaded.
      ...TAKEOVER_IMPORTS,
    ],
    boot,
    storage: { token: 'prerender' },
    answers: { 'POST /api/user/info': FRAME_ACCOUNT },
    takeover: true,
    // The frame paints before the code arrives; the list's first page is asked for by the boot script.
    paintFirst: true,
    ...(firstPage ? { firstPage } : {}),
    ...(earlyWords ? { earlyWords } : {}),
    ...(platformOnly ? { platformOnly } : { variants: { market: { 'POST /api/user/info': MARKET_FRAME_ACCOUNT } } }),
  }
}

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  {
    path: '/login',
    file: 'login',
    preload: ['src/routes/login.tsx?tsr-split=component'],
    boot: 'src/prerender/boot/login.ts',
    paintFirst: true,
  },
  {
    // Issue 24 §2: the console's shell and the Workplace's widget frames with their skeletons paint from
    // the HTML; the boot script sends a visitor without a session to /login before anything paints,
    // applies the stored layout, and starts the page's first requests (features/dashboard/early-workplace.ts).
    path: '/dashboard/workplace',
    file: 'workplace',
    preload: [
      'src/routes/_console.tsx?tsr-split=component',
      'src/routes/_console/dashboard/workplace.tsx?tsr-split=component',
      'src/lib/query-client.ts',
    ],
    boot: 'src/prerender/boot/workplace.ts',
    storage: { token: 'prerender' },
    // Drawn for a nameless platform account: the frame's navbar and menu; the page takes over with the
    // real account's as soon as its code runs.
    answers: { 'POST /api/user/info': FRAME_ACCOUNT },
    takeover: true,
    // Its largest paint is the frame's welcome line: the code, parsed and run before the frame's first
    // paint, held it back (LCP 1.1 s at 4x against the lists' 0.45 s on the same machine).
    paintFirst: true,
    variants: { market: { 'POST /api/user/info': MARKET_FRAME_ACCOUNT } },
  },
  // Issue 24 §3: a list's frame (the shell, its header, toolbar, table head and skeleton rows) paints
  // from the HTML, and the list takes over when its code has run. The market list is the platform's
  // only (a MARKET operator's guard sends them on to the Workplace): no variant.
  listFrame('/market', 'market-list', 'market', { platformOnly: true }),
  // The merchant list's frame, in two: the platform's (every market, a market column) and a market
  // operator's (its own merchants: no market column, its own menu), which the boot script picks. The
  // boot script asks for each list's first page too.
  listFrame('/merchant', 'merchant-list', 'merchant', {
    firstPage: '/api/merchants?page=1&pageSize=20&sort=createdAt&order=desc',
  }),
  listFrame('/device', 'device-list', 'device', {
    firstPage: '/api/devices?page=1&pageSize=20&sort=boundAt&order=desc',
  }),
  listFrame('/complaint', 'complaint-list', 'complaint', {
    firstPage: '/api/complaints?page=1&pageSize=20&sort=receivedAt&order=desc',
  }),
  // Its rows' changes are its largest paint: its boot script draws the first page as it comes.
  listFrame('/audit', 'audit-list', 'audit', {
    firstPage: '/api/audit?page=1&pageSize=20&sort=at&order=desc',
    boot: 'src/prerender/boot/audit-list.ts',
    earlyWords: earlyAuditWords,
  }),
  listFrame('/transaction', 'transaction-list', 'transaction', {
    firstPage: '/api/transactions?pageSize=20&sort=time&order=desc',
  }),
  // Its toolbar shows the days it lists, by default the last seven counted from today: its boot script
  // writes the visitor's into the frame's boxes (the build's are drawn). The first page names no days.
  listFrame('/pesticide-test', 'pesticide-test-list', 'pesticide-test', {
    firstPage: '/api/pesticide-tests?page=1&pageSize=20&sort=time&order=desc',
    boot: 'src/prerender/boot/pesticide-test-list.ts',
  }),
]
