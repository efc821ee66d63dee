import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { baseURL, DEMO, launchBrowser, signedInPage } from '../helpers/browser'
import { registerMarket, registerMerchant } from '../helpers/journey-forms'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/**
 * Twice the usual limit for a loaded CI machine: the journey takes about 20 s, up to 15 s of it the
 * operator's live stream waiting for its next session check after the freeze.
 */
const JOURNEY_MS = 120_000

type Device = { code: string; secret: string }

/** A device-API call as the device makes it (HTTP Basic code:secret, no console session): its HTTP status and code. */
async function deviceCall(device: Device, path: '/events', body: unknown) {
  const response = await fetch(`${baseURL()}/api/device/v1${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${device.code}:${device.secret}`).toString('base64')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as { code: number; message: string }
  return { status: response.status, code: answer.code }
}

const menu = (page: Page, name: string) => page.getByTestId('side-menu').getByRole('link', { name }).click()
const bindForm = (page: Page) => page.getByTestId('device-bind-form')

/** Binds a device through the bind dialog and answers the secret the console shows once. */
async function bindDevice(page: Page, code: string, place: { merchant: string } | { location: string }) {
  await page.getByTestId('device-bind').click()
  await bindForm(page)
    .getByLabel(/Device code/)
    .fill(code)
  if ('merchant' in place) {
    await bindForm(page)
      .getByLabel(/^\*?Kind$/)
      .selectOption('payment_terminal')
    const merchant = bindForm(page).getByRole('combobox', { name: /Merchant/ })
    await merchant.click()
    await merchant.fill(place.merchant)
    await bindForm(page)
      .getByRole('option', { name: new RegExp(place.merchant) })
      .click()
  } else {
    await bindForm(page)
      .getByLabel(/^\*?Kind$/)
      .selectOption('pesticide_tester')
    await bindForm(page)
      .getByLabel(/Location/)
      .fill(place.location)
  }
  await page.getByTestId('device-bind-submit').click()
  await page.getByText(`The secret of device ${code}`).waitFor()
  const secret = ((await page.getByTestId('device-secret').textContent()) ?? '').trim()
  await page.getByRole('button', { name: 'Done' }).click()
  await page.getByTestId('device-secret').waitFor({ state: 'detached' })
  // Shown once: nowhere on the page after the dialog.
  expect(await page.content()).not.toContain(secret)
  return { code, secret }
}

describe('one journey across every area', () => {
  it(
    'a market registered, its merchant and devices bound, its trade live on the Workplace, a device unbound and the market frozen',
    async () => {
      // Unique per run: a retry meets the first attempt's market on the same server.
      const run = Date.now() % 1_000_000
      const tag = String(run).padStart(6, '0')
      const market = { name: `E2E 全程农贸市场 ${tag}`, username: `0316${tag}`, password: 'Journey123' }
      const merchantName = `E2E 全程蔬菜 ${tag}`
      const stallNo = `J-${tag}`
      let eventSerial = 0
      const eventId = () => `journey-${tag}-${++eventSerial}`

      // 1. OFFICIAL registers the market.
      const official = await signedInPage(browser, DEMO.official)
      await menu(official.page, 'Market management')
      await official.page.getByRole('link', { name: 'Register market' }).click()
      await official.page.waitForURL('**/market/register')
      await registerMarket(official.page, market, run)

      // 2. Its operator signs in with the account registration made, registers a merchant and binds devices.
      const account = { username: market.username, password: market.password }
      // Wide enough for every Workplace widget side by side, as the dashboard tests look at it.
      const operator = await signedInPage(browser, account, { viewport: { width: 1440, height: 1200 } })
      const { page } = operator
      await page.getByText(`Welcome back, ${market.username}`).waitFor()
      await menu(page, 'Merchant management')
      await page.getByRole('link', { name: 'Register merchant' }).click()
      await page.waitForURL('**/merchant/register')
      const merchantAccount = await registerMerchant(page, { name: merchantName, stallNo }, run)
      expect(merchantAccount).toBe(`${market.username}-0001`)

      await menu(page, 'Device management')
      await page.getByRole('heading', { name: 'Device management' }).waitFor()
      const terminal = await bindDevice(page, `J-POS-${tag}`, { merchant: merchantName })
      const tester = await bindDevice(page, `J-PT-${tag}`, { location: '检测室' })
      expect(terminal.secret.length).toBeGreaterThanOrEqual(32)
      expect(tester.secret).not.toBe(terminal.secret)

      // The Workplace, its live stream up, before the devices call.
      await menu(page, 'Workplace')
      await page.waitForURL('**/dashboard/workplace')
      await expect.poll(() => page.getByTestId('live-indicator').getAttribute('data-status')).toBe('live')
      for (const widget of ['widget-today', 'widget-transactions', 'widget-tests'])
        await expect
          .poll(() => page.getByTestId(widget).getAttribute('data-state'), { message: widget })
          .toMatch(/^(ready|empty)$/)
      const amount = () => page.getByTestId('figure-amount').getAttribute('data-value')
      expect(await amount()).toBe('0')
      const messageBox = page.getByTestId('message-box')
      expect(await messageBox.getAttribute('aria-label')).toBe('Messages, 0 unread')
      const reloads: string[] = []
      page.on('framenavigated', (frame) => frame === page.mainFrame() && reloads.push(frame.url()))

      // 3. A script trades as the terminal, with the secret read from the page; the tester reports a failure.
      const paid = await deviceCall(terminal, '/events', {
        events: [
          { id: eventId(), type: 'payment', amountFen: 4_321, method: 'wechat', paidAt: new Date().toISOString() },
        ],
      })
      expect(paid).toEqual({ status: 200, code: 20000 })

      // 4. The payment shows live, without a reload.
      await expect.poll(amount, { timeout: 10_000 }).toBe('4321')
      const trade = page.getByTestId('transactions-table').locator('tbody tr').first()
      await expect.poll(() => trade.textContent()).toContain('¥43.21')
      expect(await trade.textContent()).toContain(stallNo)

      const tested = await deviceCall(tester, '/events', {
        events: [
          {
            id: eventId(),
            type: 'pesticide_test',
            produce: '油麦菜',
            stallNo,
            inhibitionPct: 76.5,
            result: 'fail',
            testedAt: new Date().toISOString(),
          },
        ],
      })
      expect(tested).toEqual({ status: 200, code: 20000 })

      // ...and the failure as a notice in the message box.
      await expect.poll(() => messageBox.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Messages, 1 unread')
      await messageBox.click()
      await page.getByRole('tab', { name: /Notices/ }).click()
      const notice = page.getByTestId('message-list-notice').getByRole('listitem').first()
      await expect.poll(() => notice.textContent()).toContain('Pesticide residue test failed')
      expect(await notice.textContent()).toContain(`Stall ${stallNo} · 油麦菜`)
      await page.keyboard.press('Escape')
      const failedTest = page.getByTestId('tests-list').locator('li[data-result="fail"]').first()
      await expect.poll(() => failedTest.textContent()).toContain('油麦菜')
      expect(reloads).toEqual([])

      // 5. The operator unbinds the terminal; its next call is refused.
      await menu(page, 'Device management')
      await page.getByPlaceholder('Search code, stall or merchant').fill(terminal.code)
      const row = page.getByRole('row', { name: new RegExp(terminal.code) })
      await row.getByRole('button', { name: `Actions for device ${terminal.code}` }).click()
      await page.getByRole('menuitem', { name: 'Unbind' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Unbind' }).click()
      await row.waitFor({ state: 'detached' })
      const refused = await deviceCall(terminal, '/events', {
        events: [{ id: eventId(), type: 'payment', amountFen: 100, method: 'cash', paidAt: new Date().toISOString() }],
      })
      expect(refused).toEqual({ status: 401, code: 40100 })

      // 6. OFFICIAL, in its own browser context, freezes the market: the operator's open console is signed
      // out and says why, with no click of the operator's (its live stream notices the frozen session).
      await menu(official.page, 'Market management')
      await official.page.getByPlaceholder('Search name, account or credit code').fill(market.username)
      await official.page.getByRole('row', { name: new RegExp(market.name) }).waitFor()
      await official.page.getByRole('button', { name: `More actions for ${market.name}` }).click()
      await official.page.getByRole('menuitem', { name: 'Freeze' }).click()
      // The row may be found, and its confirm opened, before the search reaches the list: the answer then
      // moves the row to the top, and its confirm stays open with it (table-body.tsx, use-row-slots.ts).
      await official.page.getByRole('alertdialog').getByRole('button', { name: 'Freeze' }).click()
      await official.page.getByText(`${market.name} frozen`).waitFor()

      const modal = page.getByTestId('login-invalid-modal')
      // The stream asks whether its session still holds every 15 s (STREAM_HEARTBEAT_MS), then reconnects
      // and is refused with 1002.
      await modal.getByText('Account frozen').waitFor({ timeout: 30_000 })
      await modal.getByText(/frozen by the platform staff/).waitFor()
      await operator.context.close()
      await official.context.close()
    },
    JOURNEY_MS,
  )
})
