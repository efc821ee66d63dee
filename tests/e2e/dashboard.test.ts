import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO, launchBrowser, signedInPage } from '../helpers/browser'
import { bindDevice, firstMerchant, sendDeviceEvents } from '../helpers/e2e-devices'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const WIDGETS = [
  'widget-today',
  'widget-daily',
  'widget-methods',
  'widget-live',
  'widget-transactions',
  'widget-passengers',
  'widget-tests',
  'widget-ranking-amount',
  'widget-ranking-orders',
]
const CHARTS = ['chart-daily', 'chart-methods', 'chart-live', 'chart-passengers']

const run = String(Date.now() % 1_000_000)
let serial = 0
const eventId = () => `e2e-${run}-${++serial}`

/**
 * Devices of the first merchant's market with today's trade, visitors and tests, so every widget has
 * something to show whatever the demo seed holds: a payment terminal of the first merchant, a
 * passenger counter and a pesticide tester.
 */
async function tradeToday(page: Page) {
  const merchant = await firstMerchant(page)
  const bind = (kind: string, extra: { merchantId?: string; stallNo?: string }) =>
    bindDevice(page, merchant, `E2E-${kind.slice(0, 3).toUpperCase()}-${run}-${++serial}`, { kind, ...extra })
  const terminal = await bind('payment_terminal', { merchantId: merchant.id })
  const counter = await bind('passenger_counter', { stallNo: 'GATE-E2E' })
  const tester = await bind('pesticide_tester', { stallNo: merchant.stallNo, merchantId: merchant.id })
  const now = new Date()
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString()
  await sendDeviceEvents(terminal, [
    { id: eventId(), type: 'payment', amountFen: 2_350, method: 'wechat', paidAt: minutesAgo(3) },
    { id: eventId(), type: 'payment', amountFen: 1_280, method: 'alipay', paidAt: minutesAgo(2) },
    { id: eventId(), type: 'payment', amountFen: 990, method: 'cash', paidAt: minutesAgo(1) },
  ])
  await sendDeviceEvents(counter, [
    { id: eventId(), type: 'passenger_count', periodStart: minutesAgo(5), periodSeconds: 60, in: 17, out: 4 },
  ])
  await sendDeviceEvents(tester, [
    {
      id: eventId(),
      type: 'pesticide_test',
      produce: '芹菜',
      stallNo: merchant.stallNo,
      inhibitionPct: 83.5,
      result: 'fail',
      testedAt: minutesAgo(1),
    },
  ])
  return { merchant, terminal, counter, tester }
}

/** Waits for a first visit's requests and the chart engine on a busy machine (expect.poll waits 1 s otherwise). */
const LOADING = { timeout: 10_000 }

/** Every widget shows content (not loading, empty or failed), every chart has painted. */
async function expectEveryWidget(page: Page) {
  // After a reload the prerendered frame's widgets are replaced at takeover: a widget found in the
  // frame is gone by the time it is scrolled to.
  await page.waitForFunction(() => (window as { __frameTakenOver?: boolean }).__frameTakenOver === true)
  // Widgets below the first screen are drawn (and ask for their data) as they come into view (issue 24):
  // their card is replaced then, so it is scrolled to in the page, not held while the scroll happens.
  for (const id of WIDGETS) {
    await page.getByTestId(id).evaluate((widget) => widget.scrollIntoView({ block: 'center' }))
    await expect.poll(() => page.getByTestId(id).getAttribute('data-state'), { message: id, ...LOADING }).toBe('ready')
  }
  for (const id of CHARTS) {
    const chart = page.getByTestId(id).locator('[data-chart]')
    // Charts below the fold draw as they scroll into view (issue 24).
    await chart.scrollIntoViewIfNeeded()
    await expect.poll(() => chart.getAttribute('data-painted-theme'), { message: id, ...LOADING }).toBe('light')
    // The first screen's charts are the console's own SVG; the others ECharts' canvas.
    const drawing = (await chart.getAttribute('data-drawn')) === 'svg' ? ':scope > svg' : 'canvas'
    expect(await chart.locator(drawing).count(), id).toBeGreaterThan(0)
  }
}

/** The colour a chart stands on (a canvas's top-left corner, or an SVG chart's box), as 'r,g,b'. */
const cornerColour = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('[data-chart]')
    .evaluate((box: HTMLElement) => {
      const canvas = box.querySelector('canvas')
      const [r, g, b] = canvas
        ? (canvas.getContext('2d')?.getImageData(1, 1, 1, 1).data ?? [])
        : (getComputedStyle(box).backgroundColor.match(/\d+/g) ?? [])
      return `${r},${g},${b}`
    })

describe('Workplace (MARKET operator)', () => {
  it('shows every widget for its own market; the dark theme and a theme colour repaint the charts; the language switch relabels them', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market, { viewport: { width: 1440, height: 1200 } })
    const own = await page.getByTestId('market-scope').getAttribute('data-market')
    expect(own).toMatch(/^[0-9a-f-]{36}$/)
    await tradeToday(page)
    // Every request the page makes from here on names the operator's own market.
    const requested: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/dashboard/')) requested.push(request.url())
    })
    // Another market in the URL changes nothing for an operator.
    await page.goto('/dashboard/workplace?market=00000000-0000-4000-8000-000000000000')
    await expectEveryWidget(page)
    expect(await page.getByTestId('market-scope').getAttribute('data-market')).toBe(own)
    expect(requested.length).toBeGreaterThanOrEqual(WIDGETS.length)
    for (const url of requested) expect(new URL(url).searchParams.get('market'), url).toBe(own)

    // Today's figures in yuan with two decimals; the failed test stands out by word and icon.
    expect(await page.getByTestId('figure-amount').textContent()).toMatch(/¥[\d,]+\.\d{2}/)
    const failed = page.getByTestId('tests-list').locator('li[data-result="fail"]').first()
    expect(await failed.textContent()).toContain('Fail')
    expect(await failed.locator('svg').count()).toBeGreaterThan(0)
    // Screen readers get each chart's figures as a table.
    expect(await page.getByTestId('chart-daily').locator('table caption').textContent()).toBe('Last 30 days')

    // Dark theme: every chart repaints on the dark card.
    const light = await cornerColour(page, 'chart-daily')
    expect(light).toBe('255,255,255')
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    for (const id of CHARTS)
      await expect
        .poll(() => page.getByTestId(id).locator('[data-chart]').getAttribute('data-painted-theme'), { message: id })
        .toBe('dark')
    await expect.poll(() => cornerColour(page, 'chart-daily')).toBe('35,35,36')

    // Another theme colour: the charts take its palette.
    const daily = page.getByTestId('chart-daily').locator('[data-chart]')
    const accent = await daily.getAttribute('data-painted-accent')
    await page.getByTestId('settings-button').click()
    await page.getByTestId('settings-drawer').getByRole('button', { name: '#722ED1' }).click()
    await expect.poll(() => daily.getAttribute('data-painted-accent'), LOADING).not.toBe(accent)
    await page.keyboard.press('Escape')
    await page.getByTestId('settings-drawer').waitFor({ state: 'detached' })

    // The language switch relabels the charts (series names, legends, tables) without a reload.
    expect(await daily.getAttribute('data-series')).toBe('Amount (¥)|Orders')
    await page.getByTestId('locale-switch').selectOption('zh-CN')
    await expect.poll(() => daily.getAttribute('data-series')).toBe('交易额（元）|订单数')
    await expect.poll(() => page.getByTestId('chart-daily').locator('table caption').textContent()).toBe('近 30 日统计')
    await page.getByRole('heading', { name: '今日概况' }).waitFor()
    // Still dark after the chart was made again for the new language.
    expect(await daily.getAttribute('data-painted-theme')).toBe('dark')
    await context.close()
  })

  it('a payment, a count and a test sent through the device API show up live, without a reload', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market, { viewport: { width: 1440, height: 1200 } })
    const { terminal, counter, tester } = await tradeToday(page)
    await page.reload()
    await expectEveryWidget(page)
    await expect.poll(() => page.getByTestId('live-indicator').getAttribute('data-status'), LOADING).toBe('live')
    const figure = async (testId: string) => Number(await page.getByTestId(testId).getAttribute('data-value'))
    const amount = await figure('figure-amount')
    const orders = await figure('figure-orders')
    const lastHour = await figure('live-amount')
    const visitors = await figure('passengers-total')

    await sendDeviceEvents(terminal, [
      { id: eventId(), type: 'payment', amountFen: 12_345, method: 'alipay', paidAt: new Date().toISOString() },
    ])
    // Patched in place from the event (no reload, no waiting for a refetch): a few seconds at most on a busy machine.
    const LIVE = { timeout: 5_000 }
    await expect.poll(() => figure('figure-amount'), LIVE).toBeGreaterThanOrEqual(amount + 12_345)
    expect(await figure('figure-orders')).toBeGreaterThanOrEqual(orders + 1)
    expect(await figure('live-amount')).toBeGreaterThanOrEqual(lastHour + 12_345)
    const rows = page.getByTestId('transactions-table').locator('tbody tr')
    await expect.poll(() => rows.first().textContent(), LIVE).toContain('¥123.45')
    expect(await rows.first().textContent()).toContain('Alipay')

    await sendDeviceEvents(counter, [
      {
        id: eventId(),
        type: 'passenger_count',
        periodStart: new Date().toISOString(),
        periodSeconds: 60,
        in: 9,
        out: 2,
      },
    ])
    await expect.poll(() => figure('passengers-total'), LIVE).toBeGreaterThanOrEqual(visitors + 9)

    await sendDeviceEvents(tester, [
      {
        id: eventId(),
        type: 'pesticide_test',
        produce: `E2E 菠菜 ${run}`,
        inhibitionPct: 12.5,
        result: 'pass',
        testedAt: new Date().toISOString(),
      },
    ])
    const tests = page.getByTestId('tests-list').locator('li')
    await expect.poll(() => tests.first().textContent(), LIVE).toContain(`E2E 菠菜 ${run}`)
    await context.close()
  })

  it('lays the widgets out at 1024 px and on a phone without sideways scrolling', async () => {
    for (const viewport of [
      { width: 1024, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await signedInPage(browser, DEMO.market, { viewport })
      await expectEveryWidget(page)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${viewport.width} px`).toBeLessThanOrEqual(0)
      await context.close()
    }
  })
})

describe('Workplace (OFFICIAL)', () => {
  it('shows every widget for all markets, then for the market picked in the switcher', async () => {
    const { context, page } = await signedInPage(browser, DEMO.official, { viewport: { width: 1440, height: 1200 } })
    expect(await page.getByTestId('market-scope').getAttribute('data-market')).toBe('')
    const { merchant } = await tradeToday(page)
    await page.reload()
    await expectEveryWidget(page)
    // All markets: a ranking names each merchant's market.
    const ranking = page.getByTestId('ranking-amount')
    expect(await ranking.locator('li').count()).toBeGreaterThan(0)
    // ...and so do the latest trades (a column) and tests: stall numbers repeat across markets.
    const trades = page.getByTestId('transactions-table')
    expect(await trades.getByRole('columnheader').allTextContents()).toContain('Market')
    expect(await trades.locator('tbody tr').filter({ hasText: '¥9.90' }).first().textContent()).toContain(
      merchant.marketName,
    )
    const test = page.getByTestId('tests-list').locator('li').filter({ hasText: '芹菜' }).first()
    expect(await test.textContent()).toContain(`${merchant.marketName} · ${merchant.stallNo}`)

    await page.getByTestId('market-switcher').click()
    const options = page.getByRole('list', { name: 'Markets' }).getByRole('button')
    await expect.poll(() => options.count()).toBeGreaterThan(1)
    await options.nth(1).click()
    await page.waitForURL(/\/dashboard\/workplace\?market=[0-9a-f-]{36}$/)
    const id = new URL(page.url()).searchParams.get('market')
    await expect.poll(() => page.getByTestId('market-scope').getAttribute('data-market')).toBe(id)
    for (const widget of WIDGETS)
      await expect
        .poll(() => page.getByTestId(widget).getAttribute('data-state'), { message: widget, ...LOADING })
        .toMatch(/^(ready|empty)$/)
    // One market: no market column.
    if ((await page.getByTestId('widget-transactions').getAttribute('data-state')) === 'ready')
      expect(await trades.getByRole('columnheader').allTextContents()).not.toContain('Market')

    // The period switch reads the ranking again, from the keyboard too.
    await page.getByTestId('widget-ranking-orders').getByRole('button', { name: '30 days' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() =>
        page.getByTestId('widget-ranking-orders').getByRole('button', { name: '30 days' }).getAttribute('aria-pressed'),
      )
      .toBe('true')
    await context.close()
  })
})
