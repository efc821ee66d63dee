import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO, launchBrowser, signedInPage } from '../helpers/browser'
import { bindPaymentTerminal, sendDeviceEvents } from '../helpers/e2e-devices'

/**
 * Daily statements in Chromium (issue 25 §2): the demo market's statement for today totals what the
 * Workplace shows, after a payment and a refund sent through the device API; the print view renders;
 * a phone width shows the merchants as cards.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const run = String(Date.now() % 1_000_000)
let serial = 0
const eventId = () => `e2e-st-${run}-${++serial}`

/** The four figures both pages show, read from their unformatted values. */
async function workplaceFigures(page: Page) {
  await page.goto('/dashboard/workplace')
  const value = async (id: string) => Number(await page.getByTestId(id).getAttribute('data-value'))
  await page.getByTestId('figure-amount').waitFor()
  return {
    paymentFen: await value('figure-amount'),
    payments: await value('figure-orders'),
    refunds: await value('figure-refunds'),
    refundFen: await value('figure-refund-amount'),
  }
}

async function statementFigures(page: Page) {
  await page.goto('/statement')
  const value = async (id: string) => Number(await page.getByTestId(`${id}-figure`).getAttribute('data-value'))
  await page.getByTestId('total-payment-fen').waitFor()
  return {
    paymentFen: await value('total-payment-fen'),
    payments: await value('total-payments'),
    refunds: await value('total-refunds'),
    refundFen: await value('total-refund-fen'),
  }
}

describe('daily statements', () => {
  it("total today what the demo market's Workplace shows, refunds included", async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    try {
      const terminal = await bindPaymentTerminal(page, `E2E-ST-${run}`)
      const paid = eventId()
      const at = new Date(Date.now() - 60_000).toISOString()
      await sendDeviceEvents(terminal, [
        { id: paid, type: 'payment', amountFen: 4_321, method: 'wechat', paidAt: at },
        { id: eventId(), type: 'refund', paymentId: paid, amountFen: 1_000, refundedAt: new Date().toISOString() },
      ])
      // Other files' flows may trade in the demo market meanwhile: read both pages again until they agree.
      let workplace = await workplaceFigures(page)
      let statement = await statementFigures(page)
      for (let tries = 0; tries < 3 && JSON.stringify(workplace) !== JSON.stringify(statement); tries++) {
        workplace = await workplaceFigures(page)
        statement = await statementFigures(page)
      }
      expect(statement).toEqual(workplace)
      expect(statement.refunds).toBeGreaterThan(0)

      await page.getByTestId('statement-print').click()
      await page.waitForURL('**/statement/print**')
      await expect.poll(() => page.getByTestId('statement-print-signature').isVisible()).toBe(true)
      expect(await page.getByTestId('statement-print-title').textContent()).toMatch(/Daily statement/)
    } finally {
      await context.close()
    }
  })

  it('shows the merchants as cards at a phone width, in Chinese', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market, { viewport: { width: 390, height: 844 } })
    try {
      // The language this browser keeps (the switch sits in the phone's menu drawer).
      await page.evaluate(() => localStorage.setItem('locale', 'zh-CN'))
      await page.goto('/statement')
      await page.getByTestId('total-payment-fen').waitFor()
      await expect.poll(() => page.getByRole('heading', { name: '日结对账单' }).isVisible()).toBe(true)
      // Cards: each cell names its column itself.
      await expect.poll(() => page.locator('td[data-label="收款笔数"]').count()).toBeGreaterThan(0)
      // The days' boxes show today's statement's day, and "起" and "至" put their boxes at one edge.
      const days = page.getByRole('group', { name: '日期' })
      const [from, to] = [days.getByRole('textbox', { name: '起' }), days.getByRole('textbox', { name: '至' })]
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date())
      await expect.poll(() => from.inputValue()).toBe(today)
      expect(await to.inputValue()).toBe(today)
      const [fromBox, toBox] = [await from.boundingBox(), await to.boundingBox()]
      expect(fromBox?.x).toBe(toBox?.x)
      expect(fromBox?.width).toBe(toBox?.width)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      // The print view's table scrolls inside the sheet, not the page sideways.
      await page.goto('/statement/print')
      await page.getByTestId('statement-print-totals').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    } finally {
      await context.close()
    }
  })
})
