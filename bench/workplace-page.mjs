// The Workplace's cold hard load with a stored session (issue 24), in headless Chromium with a 4x CPU
// throttle, against the BUILT server with the demo (PGlite, simulator off): what a user who signed in
// earlier sees when they open the console. Median of 7 runs (BENCH_RUNS), each in a fresh context with
// the cache disabled, at a 1350 x 940 desktop viewport, nothing scrolled.
// Prints beside the budgets:
//   - bytes transferred before the user scrolls (compressed bodies plus headers, the live stream's
//     bytes so far included): <= 0.6x shadcn-admin's dashboard (~392 KiB on 2026-11-25: <= 235 KiB)
//   - script time (CDP Performance.getMetrics ScriptDuration) and JS heap used once the page settled
//     (the peer's figures come from bench/peers.mjs; budget 0.6x)
//   - LCP <= 1,000 ms; CLS (layout-shift entries without recent input) <= 0.02
//   - when today's figures painted, and whether any chart code had loaded by then
// The measured load follows a first visit in the same browser profile (BENCH_FIRST_VISIT=1 measures a
// profile that has never drawn the Workplace: its frame is the nameless platform one until takeover).
//   node bench/workplace-page.mjs           BENCH_RUNS=7 BENCH_USER=official|market BENCH_PORT=4301
import { launchChromium } from './browser.mjs'
import { signedInHeaders, startBuiltServer } from './built-server.mjs'
import { percentile } from './measure.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 4301)
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const VIEWPORT = { width: 1350, height: 940 }
const USERS = { official: ['official', 'Official123'], market: ['0314888', 'Market123'] }
const [username, password] = USERS[process.env.BENCH_USER ?? 'official']
// shadcn-admin's dashboard on 2026-11-25 (issue 24): 400 KiB was 1.02x of it.
const PEER_DASHBOARD_KIB = 392
const BUDGET = { kib: 0.6 * PEER_DASHBOARD_KIB, lcp: 1_000, cls: 0.02 }

/** One cold load; answers its figures. */
async function visit(browser, base, token) {
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT })
  await context.addInitScript(
    ({ token }) => {
      localStorage.setItem('token', token)
      localStorage.setItem('locale', 'en-US')
      window.__paint = { lcp: 0, cls: 0, figuresAt: 0, chartCodeBeforeFigures: null }
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__paint.lcp = entry.startTime
      }).observe({ type: 'largest-contentful-paint', buffered: true })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__paint.cls += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
      // When the first figure is on the page, and whether ECharts (or any chart chunk) had loaded then.
      const watch = new MutationObserver(() => {
        if (window.__paint.figuresAt || !document.querySelector('[data-testid="figure-amount"]')) return
        window.__paint.figuresAt = performance.now()
        window.__paint.chartCodeBeforeFigures = performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/engine-[^/]*\.js$/.test(new URL(entry.name).pathname))
        watch.disconnect()
      })
      document.addEventListener('DOMContentLoaded', () =>
        watch.observe(document.body, { childList: true, subtree: true }),
      )
    },
    { token },
  )
  const page = await context.newPage()
  // The user was here before: one visit at full speed first leaves what the console keeps between
  // visits (the frame's memory of the account, src/prerender/frame-memory.ts); the measured load is the
  // next one, still cold (the cache is disabled below).
  if (!process.env.BENCH_FIRST_VISIT) {
    await page.goto('/dashboard/workplace', { waitUntil: 'load' })
    await page.getByTestId('figure-amount').waitFor({ timeout: 60_000 })
    await page.goto('about:blank')
  }
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' })
  const requests = new Map()
  cdp.on('Network.responseReceived', (event) => {
    const { url, headersText, encodedDataLength } = event.response
    requests.set(event.requestId, {
      url: url.replace(base, ''),
      type: event.type,
      headers: headersText ? headersText.length : Math.max(0, encodedDataLength ?? 0),
      body: 0,
      done: false,
    })
  })
  cdp.on('Network.dataReceived', (event) => {
    const request = requests.get(event.requestId)
    if (request) request.body += event.encodedDataLength
  })
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId)
    // loadingFinished's figure is the whole response on the wire, headers included.
    if (request) Object.assign(request, { wire: event.encodedDataLength, done: true })
  })
  const started = Date.now()
  await page.goto('/dashboard/workplace', { waitUntil: 'load' })
  await page.getByTestId('figure-amount').waitFor({ timeout: 60_000 })
  // Settled: every widget in the first viewport answered, then a quiet network for a moment.
  await page.waitForLoadState('networkidle').catch(() => {})
  await page.waitForTimeout(1_000)
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name) => metrics.find((entry) => entry.name === name)?.value ?? 0
  const paint = await page.evaluate(() => window.__paint)
  const list = [...requests.values()].map((request) => ({
    ...request,
    bytes: request.done ? request.wire : request.headers + request.body,
  }))
  await context.close()
  return {
    ms: Date.now() - started,
    bytes: list.reduce((sum, request) => sum + request.bytes, 0),
    scriptMs: metric('ScriptDuration') * 1000,
    taskMs: metric('TaskDuration') * 1000,
    heapMb: metric('JSHeapUsedSize') / 1024 / 1024,
    ...paint,
    list,
  }
}

const { base, stop } = await startBuiltServer({ port: PORT })
try {
  const { authorization: token } = await signedInHeaders(base, username, password)
  const browser = await launchChromium()
  await visit(browser, base, token) // warms the server (its file cache, the kept answers), not the browser
  const runs = []
  for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, base, token))
  await browser.close()
  const median = (key) =>
    percentile(
      runs.map((run) => run[key]),
      50,
    )
  const kib = median('bytes') / 1024
  const lcps = runs.map((run) => run.lcp).filter((lcp) => lcp > 0)
  const lcp = percentile(lcps, 50)
  const cls = Math.max(...runs.map((run) => run.cls))
  const verdict = (ok) => (ok ? 'OK' : 'OVER BUDGET')
  console.log(
    `Workplace, cold hard load with a stored session (${username}), ${VIEWPORT.width}x${VIEWPORT.height}, 4x CPU throttle, median of ${RUNS}`,
  )
  console.log(
    `  transferred before scrolling ${kib.toFixed(1)} KiB (budget <= ${BUDGET.kib.toFixed(0)} KiB: 0.6x shadcn-admin's ${PEER_DASHBOARD_KIB}) ${verdict(kib <= BUDGET.kib)}`,
  )
  console.log(
    `  script ${median('scriptMs').toFixed(0)} ms (tasks ${median('taskMs').toFixed(0)} ms), JS heap ${median('heapMb').toFixed(1)} MB (budget 0.6x the peer's: bench/peers.mjs)`,
  )
  console.log(
    `  LCP ${lcp.toFixed(0)} ms, runs ${lcps.map((value) => value.toFixed(0)).join(' / ')} (budget <= ${BUDGET.lcp} ms) ${verdict(lcp <= BUDGET.lcp)}`,
  )
  console.log(`  CLS worst ${cls.toFixed(4)} (budget <= ${BUDGET.cls}) ${verdict(cls <= BUDGET.cls)}`)
  console.log(
    `  today's figures painted at ${median('figuresAt').toFixed(0)} ms; chart code loaded before them in ${runs.filter((run) => run.chartCodeBeforeFigures).length} of ${RUNS} runs`,
  )
  const sample = runs[Math.floor(RUNS / 2)]
  console.log(`  requests (run ${Math.floor(RUNS / 2) + 1}): ${sample.list.length}`)
  for (const request of [...sample.list].sort((a, b) => b.bytes - a.bytes))
    console.log(
      `    ${(request.bytes / 1024).toFixed(1).padStart(6)} KiB  ${request.url}${request.done ? '' : ' (open)'}`,
    )
} finally {
  await stop()
}
