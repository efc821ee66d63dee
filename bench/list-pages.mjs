// Cold hard loads of the list and record pages with a stored session (issue 24, part 3), in headless
// Chromium with a 4x CPU throttle and the cache disabled, against the BUILT server: what each page
// transfers before the user scrolls, file by file, and its Largest Contentful Paint (median of RUNS).
// Budget: each page <= 0.5x shadcn-admin's /users page in bytes and LCP (bench/peers.mjs measures the
// peer in the same run); printed here beside the figure last measured for it (493.7 KiB).
// `BENCH_CLIENT_ROOT=/path` runs the server from another checkout's dist/ (a baseline build alongside).
// `BENCH_FILES=1` lists every file each page fetched with its transferred size.
import { launchChromium } from './browser.mjs'
import { officialHeaders, startBuiltServer } from './built-server.mjs'
import { percentile } from './measure.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 4411)
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const PEER_USERS_KIB = 493.7 // shadcn-admin's /users, bench/peers.mjs 2026-11-27 (issue 24: 253 KiB was 0.52x)
const BYTES_BUDGET_KIB = PEER_USERS_KIB * 0.5
const root = process.env.BENCH_CLIENT_ROOT
if (root) process.chdir(root)

async function firstId(base, headers, path) {
  const answer = await (await fetch(`${base}/api${path}?page=1&pageSize=10`, { headers })).json()
  const first = answer.data?.list?.[0] ?? answer.data?.records?.[0] ?? answer.data?.items?.[0]
  if (!first) throw new Error(`${path}: no rows (${JSON.stringify(answer).slice(0, 200)})`)
  return first.id
}

async function visit(browser, base, token, path) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  await context.addInitScript((stored) => {
    localStorage.setItem('token', stored)
    localStorage.setItem('locale', 'en-US')
    window.__lcp = 0
    window.__lcpElement = ''
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__lcp = entry.startTime
        window.__lcpElement = entry.element
          ? `${entry.element.tagName.toLowerCase()} "${(entry.element.textContent ?? '').slice(0, 40)}"`
          : ''
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  }, token)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const urls = new Map()
  const files = []
  const inFlight = new Set()
  let lastActivity = Date.now()
  cdp.on('Network.requestWillBeSent', (event) => {
    urls.set(event.requestId, event.request.url.replace(base, ''))
    inFlight.add(event.requestId)
    lastActivity = Date.now()
  })
  // The live stream never finishes: it counts as settled once its answer began.
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.mimeType === 'text/event-stream') inFlight.delete(event.requestId)
  })
  const settled = (event) => {
    inFlight.delete(event.requestId)
    lastActivity = Date.now()
  }
  cdp.on('Network.loadingFailed', settled)
  cdp.on('Network.loadingFinished', (event) => {
    settled(event)
    files.push({ url: urls.get(event.requestId) ?? '?', bytes: event.encodedDataLength })
  })
  await page.goto(`${base}${path}`, { waitUntil: 'load' })
  // Network quiet (the live stream aside) for a second: what the page fetches before any user input.
  while (inFlight.size > 0 || Date.now() - lastActivity < 1000) await page.waitForTimeout(100)
  const { lcp, element } = await page.evaluate(() => ({ lcp: window.__lcp, element: window.__lcpElement }))
  await context.close()
  return { lcp, element, files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) }
}

// BENCH_DATA_DIR keeps the demo's PGlite folder between runs (seeding it takes a minute on a busy machine).
const { base, stop } = await startBuiltServer({ port: PORT, dataDir: process.env.BENCH_DATA_DIR })
try {
  const headers = await officialHeaders(base)
  const token = headers.authorization
  const pages = [
    ['markets', '/market'],
    ['merchants', '/merchant'],
    ['devices', '/device'],
    ['operation log', '/audit'],
    ['a market', `/market/${await firstId(base, headers, '/markets')}`],
    ['a merchant', `/merchant/${await firstId(base, headers, '/merchants')}`],
    ['a device', `/device/${await firstId(base, headers, '/devices')}`],
  ]
  const only = process.env.BENCH_PAGES?.split(',')
  const browser = await launchChromium()
  console.log(`Cold hard loads with a stored session (OFFICIAL, 4x CPU throttle, cache disabled, median of ${RUNS})`)
  for (const [name, path] of pages) {
    if (only && !only.includes(name)) continue
    await visit(browser, base, token, path) // warms the server, not the browser
    const runs = []
    for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, base, token, path))
    const lcps = runs.map((run) => run.lcp).filter((lcp) => lcp > 0)
    const kib = percentile(
      runs.map((run) => run.bytes),
      50,
    )
    const lcp = percentile(lcps, 50)
    const verdict = kib / 1024 <= BYTES_BUDGET_KIB ? 'OK' : 'OVER'
    console.log(
      `  ${name.padEnd(14)} ${(kib / 1024).toFixed(1).padStart(6)} KiB (budget <= ${BYTES_BUDGET_KIB.toFixed(0)}) ${verdict}, ${runs[0].files.length} requests; LCP median ${lcp.toFixed(0)} ms (runs ${lcps.map((l) => l.toFixed(0)).join(' / ')}) on ${runs.at(-1).element}`,
    )
    if (process.env.BENCH_FILES === '1')
      for (const file of [...runs[0].files].sort((a, b) => b.bytes - a.bytes))
        console.log(`      ${(file.bytes / 1024).toFixed(1).padStart(6)} KiB  ${file.url}`)
  }
  await browser.close()
} finally {
  await stop()
}
