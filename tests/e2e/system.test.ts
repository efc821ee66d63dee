import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { baseURL, consoleApi, DEMO, launchBrowser, signedInPage } from '../helpers/browser'

/** The System page (issue 23 §2): OFFICIAL only; its four charts draw, in both languages, on a phone. */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const CARDS = ['system-ingest', 'system-devices', 'system-refusals', 'system-routes']
const LOADING = { timeout: 10_000 }

/** A tester bound in the first market sends a test (ingested) and a payment it may not send (refused). */
async function ingestAndRefuse(page: Page) {
  const markets = await consoleApi<{ list: { id: string }[] }>(page, '/markets?pageSize=1')
  const marketId = markets.list[0]?.id
  if (!marketId) throw new Error('no market')
  const tester = await consoleApi<{ code: string; secret: string }>(page, '/devices', 'POST', {
    code: `SYS-${Date.now() % 1_000_000}`,
    kind: 'pesticide_tester',
    merchantId: null,
    stallNo: 'LAB',
    marketId,
  })
  const at = new Date(Date.now() - 60_000).toISOString()
  const send = (events: unknown[]) =>
    fetch(`${baseURL()}/api/device/v1/events`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${tester.code}:${tester.secret}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ events }),
    })
  const id = `sys-${Date.now()}`
  const stored = await send([
    { id, type: 'pesticide_test', produce: '芹菜', inhibitionPct: 12, result: 'pass', testedAt: at },
  ])
  expect(stored.status).toBe(200)
  const refused = await send([{ id: `${id}-p`, type: 'payment', amountFen: 100, method: 'cash', paidAt: at }])
  expect(refused.status).toBe(400)
}

async function expectEveryChart(page: Page) {
  for (const id of CARDS) {
    const chart = page.getByTestId(id).locator('[data-chart]')
    // Charts draw as they scroll into view (issue 24).
    await chart.scrollIntoViewIfNeeded()
    await expect.poll(() => chart.getAttribute('data-painted-theme'), { message: id, ...LOADING }).toBe('light')
    expect(await chart.locator('canvas').count(), id).toBeGreaterThan(0)
  }
}

describe('System (OFFICIAL)', () => {
  it('opens from the menu; the platform and this instance figures draw, relabelled in Chinese', async () => {
    const { context, page } = await signedInPage(browser, DEMO.official, { viewport: { width: 1440, height: 1200 } })
    await ingestAndRefuse(page)
    await page.getByTestId('side-menu').getByRole('link', { name: 'System status' }).click()
    await page.waitForURL('**/system')
    await page.getByRole('heading', { name: 'System status' }).waitFor()
    await expectEveryChart(page)
    // Where each figure comes from is said on its card.
    for (const id of ['system-ingest', 'system-devices'])
      expect(await page.getByTestId(id).getAttribute('data-source'), id).toBe('platform')
    for (const id of ['system-refusals', 'system-routes']) {
      expect(await page.getByTestId(id).getAttribute('data-source'), id).toBe('instance')
      await page.getByTestId(id).getByText('This instance', { exact: true }).waitFor()
    }
    const ingest = page.getByTestId('chart-ingest').locator('[data-chart]')
    expect(await ingest.getAttribute('data-series')).toBe('Payments|Refunds|Pesticide tests')
    // Screen readers get the refusals as a table, the reason in words.
    await expect
      .poll(() => page.getByTestId('chart-refusals').locator('table').textContent())
      .toContain('Wrong device kind')
    expect(await page.getByTestId('system-instance').textContent()).toMatch(/This instance: .+, since \d{4}-\d\d-\d\d/)

    await page.getByTestId('locale-switch').selectOption('zh-CN')
    await page.getByRole('heading', { name: '系统状态' }).waitFor()
    await expect.poll(() => ingest.getAttribute('data-series')).toBe('支付|退款|农残检测')
    await expect.poll(() => page.getByTestId('chart-refusals').locator('table').textContent()).toContain('设备类型不符')
    await page.getByTestId('system-refusals').getByText('本实例', { exact: true }).waitFor()
    await expectEveryChart(page)
    await context.close()
  })

  it('fits a phone without sideways scrolling', async () => {
    const { context, page } = await signedInPage(browser, DEMO.official, { viewport: { width: 375, height: 800 } })
    await page.goto('/system')
    await expectEveryChart(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await context.close()
  })
})

describe('System (MARKET operator)', () => {
  it('is not in the menu and does not open', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    expect(await page.getByTestId('side-menu').getByRole('link', { name: 'System status' }).count()).toBe(0)
    await page.goto('/system')
    await page.waitForURL((url) => !url.pathname.startsWith('/system'))
    expect(await page.getByTestId('system').count()).toBe(0)
    await context.close()
  })
})
