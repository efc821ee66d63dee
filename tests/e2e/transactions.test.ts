import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO, launchBrowser, signedInPage } from '../helpers/browser'
import { bindPaymentTerminal, sendDeviceEvents } from '../helpers/e2e-devices'

/**
 * Transactions (issue 25 §1) as an operator meets them: a payment a terminal sent is found by its event
 * id, its page shows no refund; once the terminal sends a refund, the payment's page shows it with what
 * is left refundable, and the refund's page links back. Then the same search on a phone, in Chinese.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const run = String(Date.now() % 1_000_000)
const paymentId = `TX-${run}-P`
const refundId = `TX-${run}-R`

async function searchEvent(page: Page, label: string, eventId: string) {
  await page.goto('/transaction')
  await page.getByRole('searchbox', { name: label }).fill(eventId)
  await page.waitForURL(new RegExp(`q=${eventId}`))
}

describe('Transactions, an operator in English', () => {
  it('finds a payment by its event id, and its page shows the refund sent after it', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    const device = await bindPaymentTerminal(page, `E2E-TX-${run}`)
    const paidAt = new Date(Date.now() - 2 * 60_000).toISOString()
    await sendDeviceEvents(device, [{ id: paymentId, type: 'payment', amountFen: 12_345, method: 'alipay', paidAt }])

    await searchEvent(page, 'Event ID', paymentId)
    const row = page.getByRole('table').getByRole('row').filter({ hasText: paymentId })
    await expect.poll(() => row.count()).toBe(1)
    await expect.poll(() => row.textContent()).toContain('123.45')
    expect(await row.textContent()).toContain('Alipay')
    await expect.poll(() => page.getByRole('navigation', { name: 'Pagination' }).textContent()).toContain('1 in all')

    await row.getByRole('link', { name: `Open ${paymentId}` }).click()
    await page.getByTestId('transaction-detail').waitFor()
    await page.getByRole('region', { name: 'Refunds' }).getByText('No refunds').waitFor()
    await page.getByRole('region', { name: 'Device' }).getByText(device.code).waitFor()

    await sendDeviceEvents(device, [
      { id: refundId, type: 'refund', paymentId, amountFen: 2_345, refundedAt: new Date().toISOString() },
    ])
    await page.reload()
    const refunds = page.getByTestId('transaction-refunds')
    await refunds.getByRole('link', { name: refundId }).waitFor()
    const section = page.getByRole('region', { name: 'Refunds' })
    await expect.poll(() => section.textContent()).toContain('100.00')

    // The refund's page links back to its payment.
    await refunds.getByRole('link', { name: refundId }).click()
    await page.getByTestId('transaction-payment').getByRole('link', { name: paymentId }).click()
    await page.getByRole('region', { name: 'Refunds' }).getByText(refundId).waitFor()
    await context.close()
  })
})

describe('Transactions, a search that cannot be sent', () => {
  it('says text with a control character cannot be searched, and leaves the address and the list as they were', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    await page.goto('/transaction')
    // Typed once the list has taken over its prerendered frame (the frame's account menu is nameless):
    // what is typed into the frame before is the list-paint tests' case.
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(DEMO.market.username)
    const box = page.getByRole('searchbox', { name: 'Event ID' })
    await box.fill('no-such-event\u0000')
    await page.getByRole('alert').filter({ hasText: 'This text cannot be searched' }).waitFor()
    expect(await box.getAttribute('aria-invalid')).toBe('true')
    expect(await box.inputValue()).toBe('no-such-event\u0000')
    // Past the search's pause (300 ms): nothing was written to the address.
    await page.waitForTimeout(1_000)
    expect(new URL(page.url()).searchParams.has('q')).toBe(false)

    // Mended, it is searched for and the message goes.
    await box.fill('no-such-event')
    await page.waitForURL(/q=no-such-event/)
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'cannot be searched' }).count()).toBe(0)
    await context.close()
  })
})

describe('Transactions on a phone, in Chinese', () => {
  it('shows the found payment as a card, with no sideways scroll', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market, { viewport: { width: 390, height: 844 } })
    // The language as the switch keeps it (read at the next page load).
    await page.evaluate(() => localStorage.setItem('locale', 'zh-CN'))
    await searchEvent(page, '事件编号', paymentId)
    await page.getByRole('link', { name: `打开 ${paymentId}` }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    // Jump to a time: a day and a 24-hour time typed the same in Chinese, Enter to jump.
    const jump = page.getByRole('group', { name: '跳转到时间' })
    await jump.getByRole('textbox', { name: '跳转日期' }).fill('2026-11-20')
    await jump.getByRole('textbox', { name: /跳转时刻/ }).fill('21:05')
    await jump.getByRole('textbox', { name: /跳转时刻/ }).press('Enter')
    await page.waitForURL(/at=2026-11-20(\+|%20)21(%3A|:)05/)
    expect(await page.locator('input[type="datetime-local"]').count()).toBe(0)

    // More than 31 days: said once, beside the days; no toast, no failed table, no request refused.
    const refused: string[] = []
    page.on('response', (response) => {
      if (response.url().includes('/api/transactions') && response.status() === 400) refused.push(response.url())
    })
    await page.goto('/transaction?from=2026-09-01&to=2026-11-20')
    const days = page.getByRole('group', { name: '时间' })
    await expect.poll(() => days.getByRole('alert').textContent()).toBe('一次最多选择 31 天')
    await page.getByText('请在上方重新选择日期后查看').waitFor()
    expect(await page.getByRole('alert').count()).toBe(1)
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    expect(refused).toEqual([])
    await context.close()
  })
})
