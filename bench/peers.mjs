// Our pages beside shadcn-admin's, in ONE run (issue 24, part 4): headless Chromium, 4x CPU throttle,
// cold cache, 1440 x 900, median of 7 visits each, the pages interleaved visit by visit so the shared
// machine's noise falls on all of them alike. Run `npm run build` first, and build the peer OUTSIDE the
// project (see the end of this comment); its dist/ is served by bench/static-server.mjs (gzip, index.html
// fallback), ours by our built server with the demo (simulator off: the simulator is a process of its
// own that only scripts/start.mjs starts).
//
// Per page: bytes a cold load transfers before the user scrolls (CDP encodedDataLength, headers
// included, until the network is idle), LCP, total blocking time (long tasks' time past 50 ms after
// FCP, until idle), CLS (largest session window of shifts without recent input), script time and JS
// heap (CDP Performance.getMetrics: ScriptDuration, JSHeapUsedSize after a GC). Our signed-in pages
// load with what a browser that has signed in keeps: the session and what the console drew last for
// the account (the frame memory the Workplace writes after sign-in), read off one visit beforehand.
//
// The limit: a static copy of our sign-in page as drawn (its DOM with every script and modulepreload
// taken out, the same stylesheet), written under dist/client/bench-limit/ and served by our server
// like any static file (precompressed, as its assets are).
//
// The peer: satnaing/shadcn-admin at a6352e7d, in /work/peers/shadcn-admin (PEER_DIST to point
// elsewhere): git clone, `npm install && npm run build`. Its routes have no guard (the dashboard and
// /users draw without a sign-in), and its index.html asks Google Fonts for a stylesheet: every https
// request is blocked here (this machine has no internet), on both sites, and counted apart.
//
// BENCH_RUNS (7), BENCH_PAGES (keys, comma-separated) and BENCH_WATERFALL=1 (every request of the last
// run of each of our pages, to see what the paint waits for) change what is measured.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'
import { launchChromium } from './browser.mjs'
import { officialHeaders, startBuiltServer } from './built-server.mjs'
import { percentile } from './measure.mjs'
import { startStaticServer } from './static-server.mjs'

const OUR_PORT = 4201
const PEER_PORT = 4202
const PEER_DIST = process.env.PEER_DIST ?? '/work/peers/shadcn-admin/dist'
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const VIEWPORT = { width: 1440, height: 900 }
const LIMIT_PATH = '/bench-limit/login.html'
// A request still open this long after the last one settled is a stream, not part of the load.
const QUIET_MS = 500
const LOAD_TIMEOUT_MS = 30_000

const PAGES = [
  { key: 'limit', site: 'ours', path: LIMIT_PATH, label: 'static limit (our sign-in as HTML)' },
  { key: 'login', site: 'ours', path: '/login', label: 'ours /login' },
  { key: 'market', site: 'ours', path: '/market', label: 'ours market list', signedIn: true },
  { key: 'merchant', site: 'ours', path: '/merchant', label: 'ours merchant list', signedIn: true },
  { key: 'device', site: 'ours', path: '/device', label: 'ours device list', signedIn: true },
  { key: 'complaint', site: 'ours', path: '/complaint', label: 'ours complaint list', signedIn: true },
  { key: 'audit', site: 'ours', path: '/audit', label: 'ours operation log', signedIn: true },
  { key: 'transaction', site: 'ours', path: '/transaction', label: 'ours transaction list', signedIn: true },
  { key: 'workplace', site: 'ours', path: '/dashboard/workplace', label: 'ours Workplace', signedIn: true },
  { key: 'peer-sign-in', site: 'peer', path: '/sign-in', label: 'shadcn-admin /sign-in' },
  { key: 'peer-users', site: 'peer', path: '/users', label: 'shadcn-admin /users' },
  { key: 'peer-dashboard', site: 'peer', path: '/', label: 'shadcn-admin / (dashboard)' },
]
// BENCH_BASE_ROOT=/path measures another checkout's build of ours beside this one (a baseline: before
// and after a change in one run), on BENCH_BASE_DATA_DIR if given; its pages are /login's, the lists' and
// the Workplace's keys + '-before' (/login's beside the same limit page).
const BASE_ROOT = process.env.BENCH_BASE_ROOT
const LIST_KEYS = ['market', 'merchant', 'device', 'complaint', 'audit', 'transaction']
const BASE_PORT = 4203
if (BASE_ROOT)
  for (const key of ['login', ...LIST_KEYS, 'workplace']) {
    const page = PAGES.find((candidate) => candidate.key === key)
    PAGES.push({ ...page, key: `${key}-before`, site: 'base', label: `${page.label} (before)` })
  }
const chosen = process.env.BENCH_PAGES?.split(',')
const pages = chosen ? PAGES.filter((page) => chosen.includes(page.key)) : PAGES

/** Installed before any script of the page runs: paint, long-task and layout-shift observers. */
function observePage() {
  const seen = { fcp: 0, lcp: 0, lcpElement: '', longTasks: [], shifts: [] }
  window.__bench = seen
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true })
    } catch {
      // an entry type this Chromium does not know
    }
  }
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime
  })
  observe('largest-contentful-paint', (entry) => {
    seen.lcp = entry.startTime
    const element = entry.element
    seen.lcpElement = element
      ? `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> ${(element.textContent ?? '').trim().slice(0, 40)}`
      : '(element gone)'
  })
  observe('longtask', (entry) => seen.longTasks.push({ start: entry.startTime, duration: entry.duration }))
  observe('layout-shift', (entry) => {
    if (!entry.hadRecentInput) seen.shifts.push({ start: entry.startTime, value: entry.value })
  })
}

/** CLS: the largest session window (shifts under 1 s apart, at most 5 s long). */
function cumulativeLayoutShift(shifts) {
  let worst = 0
  let window = 0
  let first = 0
  let last = -Infinity
  for (const { start, value } of shifts) {
    if (start - last > 1000 || start - first > 5000) {
      window = 0
      first = start
    }
    window += value
    last = start
    worst = Math.max(worst, window)
  }
  return worst
}

/** TBT: each long task's time past 50 ms, counting only what ran after the first contentful paint. */
function totalBlockingTime(longTasks, fcp) {
  let total = 0
  for (const { start, duration } of longTasks) {
    const end = start + duration
    if (end <= fcp) continue
    const after = end - Math.max(start, fcp)
    total += Math.max(0, Math.min(after, duration - 50))
  }
  return total
}

/**
 * What a browser that has signed in keeps: the session, and what its pages drew last for the account
 * (src/prerender/frame-memory.ts), which the console writes at the Workplace right after sign-in. Read
 * off one visit to the Workplace; every measured visit starts from it with a cold cache.
 */
async function storedSession(browser, base, token) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' })
  await context.addInitScript((value) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', value)
  }, token)
  const page = await context.newPage()
  await page.goto(`${base}/dashboard/workplace`)
  await page.waitForSelector('html[data-live]')
  await page.waitForFunction(() => localStorage.getItem('frame-memory') !== null)
  const stored = await page.evaluate(() => ({ ...localStorage }))
  await context.close()
  return { token: stored.token, 'frame-memory': stored['frame-memory'] }
}

/** One cold, hard load of `url` in a fresh context (with `storage` in its localStorage); answers its figures. */
async function visit(browser, url, { storage } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' })
  if (storage)
    await context.addInitScript((stored) => {
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value)
    }, storage)
  await context.addInitScript(observePage)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.setBlockedURLs', { urls: ['https://*'] })
  await cdp.send('Performance.enable')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })

  const requests = new Map()
  let lastSettled = Date.now()
  cdp.on('Network.requestWillBeSent', (event) => {
    // A redirect reuses the id: the hop before it is done.
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      start: event.timestamp,
      end: 0,
      bytes: 0,
      received: 0,
      encoding: '',
      done: false,
      stream: event.type === 'EventSource' || event.type === 'WebSocket',
    })
  })
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId)
    if (request) {
      request.type = event.type ?? request.type
      request.encoding = event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'] ?? ''
      request.status = event.response.status
      // The live events come over fetch as an event stream: open for as long as the page is.
      if (event.response.mimeType === 'text/event-stream') request.stream = true
    }
  })
  cdp.on('Network.dataReceived', (event) => {
    const request = requests.get(event.requestId)
    if (request) request.received += event.encodedDataLength
  })
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId)
    if (request) Object.assign(request, { bytes: event.encodedDataLength, end: event.timestamp, done: true })
    lastSettled = Date.now()
  })
  cdp.on('Network.loadingFailed', (event) => {
    const request = requests.get(event.requestId)
    if (request) Object.assign(request, { end: event.timestamp, done: true, failed: event.errorText })
    lastSettled = Date.now()
  })

  const startedAt = Date.now()
  await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS })
  // Idle: nothing but streams in flight for QUIET_MS, the page painted, and no long task in the last
  // QUIET_MS. The network alone is not enough: a 4x-throttled renderer on a busy machine runs the
  // framework chunk for longer than that without asking for anything.
  const networkQuiet = () =>
    ![...requests.values()].some((request) => !request.done && !request.stream) && Date.now() - lastSettled >= QUIET_MS
  for (;;) {
    if (Date.now() - startedAt > LOAD_TIMEOUT_MS) {
      const open = [...requests.values()].filter((request) => !request.done && !request.stream)
      throw new Error(`${url}: never idle; open: ${open.map((request) => request.url).join(', ') || 'none'}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
    if (!networkQuiet()) continue
    const asked = requests.size
    const state = await page.evaluate(() => {
      const { fcp, lcp, longTasks } = window.__bench
      const last = longTasks.at(-1)
      return { fcp, lcp, sinceLongTask: performance.now() - (last ? last.start + last.duration : 0) }
    })
    if (state.fcp > 0 && state.lcp > 0 && state.sinceLongTask >= QUIET_MS && requests.size === asked && networkQuiet())
      break
  }
  const seen = await page.evaluate(() => window.__bench)
  const { metrics: before } = await cdp.send('Performance.getMetrics')
  await cdp.send('HeapProfiler.collectGarbage')
  const { metrics: after } = await cdp.send('Performance.getMetrics')
  const metric = (list, name) => list.find((entry) => entry.name === name)?.value ?? 0
  await context.close()

  const all = [...requests.values()]
  const origin = all[0]?.start ?? 0
  return {
    // A stream still open (the live events) counts what it has received so far.
    bytes: all.reduce((sum, request) => sum + (request.done ? request.bytes : request.received), 0),
    bodyBytes: all.reduce((sum, request) => sum + request.received, 0),
    requests: all.filter((request) => !request.failed).length,
    blocked: all.filter((request) => request.failed).map((request) => new URL(request.url).host),
    lcp: seen.lcp,
    fcp: seen.fcp,
    lcpElement: seen.lcpElement,
    tbt: totalBlockingTime(seen.longTasks, seen.fcp),
    cls: cumulativeLayoutShift(seen.shifts),
    scriptMs: metric(before, 'ScriptDuration') * 1000,
    taskMs: metric(before, 'TaskDuration') * 1000,
    heapMb: metric(after, 'JSHeapUsedSize') / 1024 / 1024,
    files: all.map((request) => ({
      path: request.url.replace(/^https?:\/\/[^/]+/, ''),
      type: request.type,
      bytes: request.done ? request.bytes : request.received,
      encoding: request.encoding,
      from: (request.start - origin) * 1000,
      to: request.end ? (request.end - origin) * 1000 : NaN,
      failed: request.failed,
      stream: request.stream && !request.done,
    })),
  }
}

/** Our sign-in page as drawn, without its scripts: the paint of HTML and CSS alone. */
async function writeLimitPage(browser, base) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' })
  const page = await context.newPage()
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' })
  await page.locator('input[type="password"]').waitFor()
  const html = await page.evaluate(() => {
    for (const element of document.querySelectorAll(
      'script, template[data-after-paint], link[rel="modulepreload"], link[rel="preload"][as="script"]',
    ))
      element.remove()
    return `<!doctype html>\n${document.documentElement.outerHTML}`
  })
  await context.close()
  const file = path.join('dist/client', LIMIT_PATH)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, html)
  // Served as the server serves any static file: precompressed at build.
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }))
  writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  return html.length
}

/** With JavaScript off, /login shows both fields and the button, laid out (issue 24, part 1). */
async function loginWithoutScript(browser, base) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${base}/login`, { waitUntil: 'load' })
  const shown = await page.evaluate(() => {
    const visible = (element) => {
      const box = element?.getBoundingClientRect()
      return Boolean(box && box.width > 0 && box.height > 0)
    }
    const inputs = [...document.querySelectorAll('input')].filter(visible)
    const button = [...document.querySelectorAll('button')].find(visible)
    const styled = document.styleSheets.length > 0
    return { inputs: inputs.length, button: Boolean(button), styled }
  })
  await context.close()
  return shown
}

const kib = (bytes) => bytes / 1024
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')

if (!existsSync('dist/server/main.js')) throw new Error('build first: npm run build')
// The peer is started only when a chosen page is its (BENCH_PAGES=limit,login measures /login alone).
const needsPeer = pages.some((page) => page.site === 'peer')
if (needsPeer && !existsSync(path.join(PEER_DIST, 'index.html')))
  throw new Error(`the peer is not built at ${PEER_DIST} (see the comment at the top of bench/peers.mjs)`)

console.log(`Beside shadcn-admin, one run: load average at start ${load()}`)
// BENCH_DATA_DIR runs our server on a demo PGlite folder seeded before (seeding takes minutes on a busy machine).
const ours = await startBuiltServer({ port: OUR_PORT, startSeconds: 300, dataDir: process.env.BENCH_DATA_DIR })
const peer = needsPeer ? await startStaticServer({ root: PEER_DIST, port: PEER_PORT }) : null
const base = BASE_ROOT
  ? await startBuiltServer({
      port: BASE_PORT,
      startSeconds: 300,
      dataDir: process.env.BENCH_BASE_DATA_DIR,
      cwd: BASE_ROOT,
    })
  : null
const results = new Map(pages.map((page) => [page.key, []]))
let noScript
try {
  const signedIn = pages.some((page) => page.signedIn)
  const token = signedIn ? (await officialHeaders(ours.base)).authorization : undefined
  const browser = await launchChromium()
  const limitChars = await writeLimitPage(browser, ours.base)
  console.log(`  limit page: ${LIMIT_PATH}, ${limitChars} characters of HTML`)
  noScript = await loginWithoutScript(browser, ours.base)
  const bases = { ours: ours.base, peer: peer?.base, base: base?.base }
  const urlOf = (page) => `${bases[page.site]}${page.path}`
  // The baseline's sessions live in its own database.
  const sessions = {
    ours: signedIn ? await storedSession(browser, ours.base, token) : undefined,
    base:
      base && signedIn
        ? await storedSession(browser, base.base, (await officialHeaders(base.base)).authorization)
        : undefined,
  }
  const visitPage = (page) => visit(browser, urlOf(page), { storage: page.signedIn ? sessions[page.site] : undefined })
  // A first pass warms the servers' file caches and PGlite's, not the browser's (every visit is cold).
  for (const page of pages) await visitPage(page)
  for (let run = 0; run < RUNS; run++) {
    // Each run starts one page further on, so no page is always the first after a pause.
    const order = pages.map((_, i) => pages[(i + run) % pages.length])
    for (const page of order) results.get(page.key).push(await visitPage(page))
    process.stdout.write(`  run ${run + 1}/${RUNS} done (load average ${load()})\n`)
  }
  await browser.close()
} finally {
  await Promise.all([ours.stop(), peer?.stop(), base?.stop()])
}

// Medians of each figure; a visit that reported no LCP (Chromium sometimes sends none before the page
// closes on a loaded machine) is left out of the LCP median and counted.
const FIGURES = ['bytes', 'bodyBytes', 'lcp', 'fcp', 'tbt', 'cls', 'scriptMs', 'taskMs', 'heapMb', 'requests']
const median = new Map()
for (const page of pages) {
  const runs = results.get(page.key)
  const figures = {}
  for (const name of FIGURES) {
    const values = runs.map((run) => run[name]).filter((value) => !(name === 'lcp' && value <= 0))
    figures[name] = percentile(values, 50)
  }
  figures.noLcp = runs.filter((run) => run.lcp <= 0).length
  figures.lcpRuns = runs.map((run) => run.lcp)
  median.set(page.key, figures)
}

console.log(
  `\nMedians of ${RUNS} cold loads each (Chromium, 4x CPU throttle, ${VIEWPORT.width} x ${VIEWPORT.height}); load average at end ${load()}`,
)
const header = ['page', 'KiB', 'req', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'script ms', 'task ms', 'heap MB']
const widths = [36, 7, 4, 7, 7, 7, 6, 10, 8, 8]
const row = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' ')
console.log(row(header))
for (const page of pages) {
  const f = median.get(page.key)
  console.log(
    row([
      page.label,
      kib(f.bytes).toFixed(1),
      String(f.requests),
      f.fcp.toFixed(0),
      f.lcp.toFixed(0),
      f.tbt.toFixed(0),
      f.cls.toFixed(3),
      f.scriptMs.toFixed(0),
      f.taskMs.toFixed(0),
      f.heapMb.toFixed(1),
    ]),
  )
}
console.log('\nLCP of every run (ms), and what the LCP was:')
for (const page of pages) {
  const f = median.get(page.key)
  const runs = results.get(page.key)
  const blocked = [...new Set(runs.flatMap((run) => run.blocked))]
  console.log(
    `  ${page.label.padEnd(36)} ${f.lcpRuns.map((lcp) => lcp.toFixed(0)).join(' / ')}${f.noLcp ? ` (${f.noLcp} without LCP, left out)` : ''}`,
  )
  console.log(
    `  ${''.padEnd(36)} ${runs.at(-1).lcpElement}${blocked.length ? `; blocked (offline): ${blocked.join(', ')}` : ''}`,
  )
}

// What each page's bytes are, by kind (the last run).
console.log('\nBytes by kind (last run, KiB with headers):')
for (const page of pages) {
  const kinds = {}
  for (const file of results.get(page.key).at(-1).files) kinds[file.type] = (kinds[file.type] ?? 0) + file.bytes
  const parts = Object.entries(kinds)
    .sort((a, b) => b[1] - a[1])
    .map(([type, bytes]) => `${type} ${kib(bytes).toFixed(1)}`)
  console.log(`  ${page.label.padEnd(36)} ${parts.join(', ')}`)
}

if (process.env.BENCH_WATERFALL === '1') {
  for (const page of pages.filter((candidate) => candidate.site === 'ours')) {
    const run = results.get(page.key).at(-1)
    console.log(
      `\n${page.label}: every request of the last run (ms from the document's request; LCP ${run.lcp.toFixed(0)})`,
    )
    for (const file of run.files)
      console.log(
        `  ${file.from.toFixed(0).padStart(5)} -> ${file.stream ? ' open' : file.to.toFixed(0).padStart(5)}  ${kib(file.bytes).toFixed(1).padStart(6)} KiB ${file.encoding.padEnd(3)} ${file.type.padEnd(10)} ${file.path.slice(0, 90)}${file.failed ? ` (${file.failed})` : ''}`,
      )
  }
}

// The budgets of issue 24 (and issue 2's first-visit bytes), each beside what it is measured against.
const lines = []
const has = (...keys) => keys.every((key) => median.has(key))
const ratioLine = (label, key, against, figure, limit, format) => {
  if (!has(key, against)) return
  const mine = median.get(key)[figure]
  const theirs = median.get(against)[figure]
  const ratio = mine / theirs
  lines.push({
    label,
    // The peer's TBT is 0 (it runs no long task after its first paint): a ratio says nothing then.
    value: `${format(mine)} vs ${format(theirs)}${theirs > 0 ? ` = ${ratio.toFixed(2)}x` : ''}`,
    budget: limit === undefined ? '(no budget)' : `<= ${limit}x`,
    ok: limit === undefined ? undefined : ratio <= limit,
  })
}
const absoluteLine = (label, key, figure, limit, format) => {
  if (!has(key)) return
  const value = median.get(key)[figure]
  lines.push({ label, value: format(value), budget: `<= ${format(limit)}`, ok: value <= limit })
}
const ms = (value) => `${value.toFixed(0)} ms`
const kb = (value) => `${kib(value).toFixed(1)} KiB`
const mb = (value) => `${value.toFixed(2)} MB`
const shift = (value) => value.toFixed(3)
ratioLine('/login LCP / static limit LCP', 'login', 'limit', 'lcp', 1.15, ms)
ratioLine('/login LCP before / static limit LCP', 'login-before', 'limit', 'lcp', 1.15, ms)
absoluteLine('/login CLS', 'login', 'cls', 0.02, shift)
absoluteLine('/login compressed files (issue 2)', 'login', 'bodyBytes', 120 * 1024, kb)
if (noScript && has('login'))
  lines.push({
    label: '/login with JavaScript off',
    value: `${noScript.inputs} fields, button ${noScript.button ? 'shown' : 'missing'}, ${noScript.styled ? 'styled' : 'no stylesheet'}`,
    budget: 'complete, styled form',
    ok: noScript.inputs >= 2 && noScript.button && noScript.styled,
  })
absoluteLine('Workplace LCP (signed in, hard load)', 'workplace', 'lcp', 1000, ms)
absoluteLine('Workplace LCP before', 'workplace-before', 'lcp', 1000, ms)
absoluteLine('Workplace CLS', 'workplace', 'cls', 0.02, shift)
ratioLine('/login bytes / shadcn /sign-in', 'login', 'peer-sign-in', 'bytes', undefined, kb)
ratioLine('/login LCP / shadcn /sign-in', 'login', 'peer-sign-in', 'lcp', undefined, ms)
for (const key of LIST_KEYS) {
  const { label } = PAGES.find((page) => page.key === key)
  for (const suffix of ['', '-before']) {
    const name = `${label.replace(/^ours /, '')}${suffix ? ' before' : ''}`
    ratioLine(`${name} bytes / shadcn /users`, `${key}${suffix}`, 'peer-users', 'bytes', 0.5, kb)
    ratioLine(`${name} LCP / shadcn /users`, `${key}${suffix}`, 'peer-users', 'lcp', 0.5, ms)
  }
}
for (const suffix of ['', '-before']) {
  const name = `Workplace${suffix ? ' before' : ''}`
  const key = `workplace${suffix}`
  ratioLine(`${name} bytes / shadcn dashboard`, key, 'peer-dashboard', 'bytes', 0.6, kb)
  ratioLine(`${name} script time / shadcn dashboard`, key, 'peer-dashboard', 'scriptMs', 0.6, ms)
  ratioLine(`${name} JS heap / shadcn dashboard`, key, 'peer-dashboard', 'heapMb', 0.6, mb)
  ratioLine(`${name} LCP / shadcn dashboard`, key, 'peer-dashboard', 'lcp', undefined, ms)
  ratioLine(`${name} TBT / shadcn dashboard`, key, 'peer-dashboard', 'tbt', undefined, ms)
}

console.log('\nBudgets (issue 24)')
for (const { label, value, budget, ok } of lines)
  console.log(
    `  ${label.padEnd(48)} ${value.padEnd(34)} ${budget.padEnd(22)} ${ok === undefined ? '' : ok ? 'OK' : 'OVER'}`,
  )
console.log(`Load average at end ${load()}`)
