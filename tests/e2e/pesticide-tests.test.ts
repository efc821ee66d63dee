import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { baseURL, consoleApi, DEMO, launchBrowser, signedInPage } from '../helpers/browser'

/**
 * The pesticide-test history (issue 25 §3) as an operator meets it: a failed test a tester sent
 * appears, the list narrowed to failures shows it not handled; the operator records what was done in
 * the test's dialog and the row says handled. Then the same row on a phone, in Chinese, as a card.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

type Device = { code: string; secret: string }

/** A batch sent the way a device sends it: HTTP Basic code:secret, no console session. */
async function sendEvents(device: Device, events: unknown[]) {
  const response = await fetch(`${baseURL()}/api/device/v1/events`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${device.code}:${device.secret}`).toString('base64')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ events }),
  })
  const answer = (await response.json()) as { code: number; msg: string }
  if (answer.code !== 20000) throw new Error(`device events: ${answer.code} ${answer.msg}`)
}

const run = String(Date.now() % 1_000_000)
/** The produce tested: this run's own, so the search finds only it. */
const produce = `E2E菠菜${run}`

describe('Pesticide tests, an operator in English', () => {
  it('shows a failed test a tester sent, and records its follow-up', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    const tester = await consoleApi<Device>(page, '/devices', 'POST', {
      code: `E2E-PR-${run}`,
      kind: 'pesticide_tester',
      merchantId: null,
      stallNo: 'LAB',
    })
    await sendEvents(tester, [
      {
        id: `PT-${run}`,
        type: 'pesticide_test',
        produce,
        inhibitionPct: 71.5,
        result: 'fail',
        testedAt: new Date(Date.now() - 60_000).toISOString(),
      },
    ])

    await page.goto('/pesticide-test')
    // Chosen in the frame or the page: the page takes what was chosen in its frame (list-paint.test.ts).
    await page.getByRole('searchbox', { name: 'Produce' }).fill(produce)
    await page.getByRole('combobox', { name: 'Result' }).selectOption('fail')
    await page.waitForURL(/result=fail/)
    const row = page.getByRole('table').getByRole('row').filter({ hasText: produce })
    await row.first().waitFor()
    await expect.poll(() => row.count()).toBe(1)
    await expect.poll(() => row.textContent()).toContain('Not handled')
    expect(await row.textContent()).toContain('71.5')

    await row.getByRole('button', { name: new RegExp(`Open the test of ${produce}`) }).click()
    const dialog = page.getByTestId('pesticide-test-dialog')
    await dialog.waitFor()
    // Saving with nothing chosen says what is missing.
    await dialog.getByRole('button', { name: 'Record follow-up' }).click()
    await dialog.getByRole('alert').getByText('Choose what was done (at least one)').waitFor()
    await dialog.getByRole('checkbox', { name: 'Produce withdrawn' }).check()
    await dialog.getByRole('checkbox', { name: 'Merchant warned' }).check()
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Taken off the stall')
    await dialog.getByRole('button', { name: 'Record follow-up' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => row.textContent()).toContain('Handled')
    expect(await row.textContent()).toContain('Produce withdrawn · Merchant warned')

    // The dialog now shows what was recorded, by whom.
    await row.getByRole('button', { name: new RegExp(`Open the test of ${produce}`) }).click()
    await dialog.getByText('Taken off the stall').waitFor()
    await dialog.getByText(/Recorded by 0314888 at/).waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await context.close()
  })
})

describe('Pesticide tests on a phone, in Chinese', () => {
  it('shows the handled failure as a card, with no sideways scroll', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market, { viewport: { width: 390, height: 844 } })
    await page.evaluate(() => localStorage.setItem('locale', 'zh-CN'))
    await page.goto(`/pesticide-test?q=${encodeURIComponent(produce)}&sort=failures`)
    const card = page.getByRole('row').filter({ hasText: produce })
    await card.first().waitFor()
    await expect.poll(() => card.count()).toBe(1)
    await expect.poll(() => card.textContent()).toContain('已处置')
    expect(await card.textContent()).toContain('已下架')
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await context.close()
  })
})
