// The merchant table drawing a 100-row page in headless Chromium, against the BUILT server with the
// demo data (an OFFICIAL, all markets: the widest table, market column included).
// Budget (issue 8): <= 16 ms of scripting for a 100-row page. Measured as the main thread's script time
// (CDP Performance.getMetrics ScriptDuration) from the click on "next page" until the new page is on
// screen: answer parsing, React's render and commit, TanStack Table's row model, and the rest of the
// navigation (router, progress bar, tab bar). Median of 15 runs. The budget is judged on this figure:
// it is what a click on "next page" costs, and the budget has always been measured this way.
// "On screen" is the new page's rows filling the window: a long page draws only the rows in view
// (src/components/data-table/use-virtual-rows.ts), so the switch ends when the first row shows the new
// page and the drawn rows reach the window's bottom (or the page's end); until that table every one of
// the 100 rows was drawn before the first showed, and the same condition held then too.
// Beside it, for reference, the table's drawing alone: DataTable's User Timing measure 'data-table:draw',
// from the table's render to the commit of the new rows (React rendering and writing the DOM, nothing
// else; wall time, which on an idle main thread is script time), without the router, the shell's
// re-renders (tab bar, menus) and the click around it. Pages 1 and 2 come from the query cache after
// their first visit (staleTime 30 s), so there is no answer to wait for: the new rows are drawn at once.
// And what drawing in view moves elsewhere: the script time of scrolling down through the whole page,
// 300 px a frame (rows are drawn as they come into view), in all and the worst frame. A table that
// draws every row up front scrolls with no script at all.
import { signedInPage } from './browser.mjs'
import { startBuiltServer } from './built-server.mjs'
import { percentile } from './measure.mjs'

const PORT = 3921
const RUNS = 15
const BUDGET_MS = 16
const SCROLL_STEP = 300

const { base, stop } = await startBuiltServer({ port: PORT })
try {
  const { browser, context, page } = await signedInPage(base, { username: 'official', password: 'Official123' })
  await page.goto('/merchant?pageSize=100')
  // Generous: on a busy machine the first draw of the page can take a while (not part of the figure).
  await page.locator('tbody tr[role="row"]').nth(9).waitFor({ timeout: 90_000 })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  const scriptSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ScriptDuration').value

  const runs = []
  const draws = []
  const rowCounts = []
  for (let i = 0; i < RUNS; i++) {
    const before = await scriptSeconds()
    // Clicked and awaited inside the page, so the figure holds the app's work, not Playwright's.
    const { drawn, rows } = await page.evaluate(
      async (label) => {
        // The table's drawing, as DataTable measures it (entries reach the callback, or are still pending at the end).
        const drawing = []
        const keep = (entries) => drawing.push(...entries.filter((entry) => entry.name === 'data-table:draw'))
        const measures = new PerformanceObserver((list) => keep(list.getEntries()))
        measures.observe({ type: 'measure' })
        const rowsDrawn = () => document.querySelectorAll('tbody tr[role="row"]')
        const first = rowsDrawn()[0]?.textContent
        const button = [...document.querySelectorAll('button')].find(
          (element) => element.getAttribute('aria-label') === label,
        )
        button?.click()
        await new Promise((resolve) => {
          const check = () => {
            const rows = rowsDrawn()
            const last = rows[rows.length - 1]
            const filled =
              last !== undefined &&
              (last.getBoundingClientRect().bottom >= innerHeight || last.getAttribute('data-index') === '99')
            if (filled && rows[0]?.textContent !== first) resolve(undefined)
            else requestAnimationFrame(check)
          }
          check()
        })
        keep(measures.takeRecords())
        measures.disconnect()
        const drawn = drawing.length === 0 ? null : drawing.reduce((sum, entry) => sum + entry.duration, 0)
        return { drawn, rows: rowsDrawn().length }
      },
      i % 2 === 0 ? 'Next' : 'Previous',
    )
    runs.push((await scriptSeconds()) - before)
    draws.push(drawn)
    rowCounts.push(rows)
  }

  // Scrolling down through the page, a step a frame, from the top.
  await page.evaluate(() => window.scrollTo(0, 0))
  const steps = []
  for (;;) {
    const before = await scriptSeconds()
    const moved = await page.evaluate(
      (step) =>
        new Promise((resolve) => {
          const from = scrollY
          scrollBy(0, step)
          // Two frames: the scroll event's render, then the frame it paints.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(scrollY !== from)))
        }),
      SCROLL_STEP,
    )
    steps.push(((await scriptSeconds()) - before) * 1000)
    if (!moved) break
  }
  await browser.close()
  const ms = runs.map((seconds) => seconds * 1000)
  const median = percentile(ms, 50)
  // Every switch draws new rows: a switch without the measure means DataTable no longer makes it.
  if (draws.includes(null)) throw new Error("no 'data-table:draw' measure for some page switches")
  const drawMedian = percentile(draws, 50)
  console.log('Merchant table, a 100-row page (headless Chromium, no CPU throttle)')
  console.log(
    `  page switch, scripting median ${median.toFixed(1)} ms (budget <= ${BUDGET_MS} ms) ${median <= BUDGET_MS ? 'OK' : 'OVER BUDGET'}`,
  )
  console.log(`  runs ${ms.map((value) => value.toFixed(1)).join(' / ')} ms`)
  console.log(
    `  table drawing alone (render to commit), median ${drawMedian.toFixed(1)} ms: for reference, the budget is judged on the page switch above`,
  )
  console.log(`  runs ${draws.map((value) => value.toFixed(1)).join(' / ')} ms`)
  console.log(`  rows drawn per switch: ${[...new Set(rowCounts)].join(' / ')} of 100 (1440 x 900 window)`)
  const scrolled = steps.reduce((sum, value) => sum + value, 0)
  console.log(
    `  scrolling through the page, ${steps.length} steps of ${SCROLL_STEP} px: ${scrolled.toFixed(1)} ms of script in all, worst step ${Math.max(...steps).toFixed(1)} ms, median ${percentile(steps, 50).toFixed(1)} ms`,
  )
} finally {
  await stop()
}
