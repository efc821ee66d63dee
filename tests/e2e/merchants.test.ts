import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO, launchBrowser, newContext, signIn, signedInPage } from '../helpers/browser'
import { idCardFor } from '../helpers/merchant-input'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const field = (page: Page, label: string | RegExp) => page.getByTestId('merchant-form').getByLabel(label)
const search = (page: Page) => page.getByPlaceholder('Search name, stall, phone or account')

/** Opens the merchant list from the menu. */
async function openList(page: Page) {
  await page.getByTestId('side-menu').getByRole('link', { name: 'Merchant management' }).click()
  await page.waitForURL(/\/merchant(\?|$)/)
}

describe('merchant management (MARKET operator)', () => {
  it('registers a merchant, finds it, edits it through the stored key, exports it and resets its password', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    // Unique per run: a retry of this test meets the first attempt's merchant.
    const run = String(Date.now() % 100_000)
    const name = `E2E 老周蔬菜 ${run}`
    const renamed = `E2E 老周鲜果 ${run}`
    await openList(page)
    await page.getByRole('link', { name: 'Register merchant' }).click()
    await page.waitForURL('**/merchant/register')

    // An operator's market is implied: there is nothing to choose.
    expect(await field(page, /^\*?Market$/).count()).toBe(0)
    await field(page, /Merchant name/).fill(name)
    await field(page, /Stall number/).fill(`Z-${run}`)
    await field(page, /Contact phone/).fill('13912349901')
    await field(page, /Business category/).selectOption('fruit')
    await field(page, /Bank merchant number/).fill('102030009901')
    // A woman born 1980-05-17: age and gender are filled from the number, and stay editable.
    const idCard = `13100319800517002${idCardFor(2).slice(-1)}`
    await field(page, /ID card number/).fill(idCard)
    await expect.poll(() => field(page, /^\*?Gender$/).inputValue()).toBe('female')
    await expect.poll(async () => Number(await field(page, /^\*?Age$/).inputValue())).toBeGreaterThanOrEqual(45)
    // A credit code is optional, but checked when given.
    await field(page, /Unified social credit code/).fill('91131003MA0000000Z')
    await field(page, /Unified social credit code/).blur()
    await page.getByText(/Not a valid unified social credit code/).waitFor()
    await field(page, /Unified social credit code/).fill('')

    await page.getByTestId('merchant-submit').click()
    const dialog = page.getByTestId('merchant-initial-password')
    const initialPassword = (await dialog.textContent()) ?? ''
    expect(initialPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{6,}$/)
    await page.getByText(/account 0314888-\d{4}/).waitFor()
    await page.getByRole('button', { name: 'Done' }).click()
    await page.waitForURL(/\/merchant(\?|$)/)

    // Search and filter, in the URL.
    await search(page).fill(name)
    await page.waitForURL(/q=/)
    const row = page.getByRole('row', { name: new RegExp(name) })
    await row.waitFor()
    await page.getByLabel('Business category').selectOption('fruit')
    await page.waitForURL(/category=fruit/)
    await row.waitFor()
    await page.getByLabel('Business category').selectOption('meat')
    await page.getByText('Nothing matches').first().waitFor()
    await page.getByLabel('Business category').selectOption('fruit')
    await row.waitFor()

    // Edit through the stored key: only the key travels; the tab is named after the merchant.
    await row.getByRole('button', { name: `Edit ${name}` }).click()
    await page.waitForURL(/\/merchant\/edit\?key=[0-9a-f]{16}/)
    expect(page.url()).not.toContain('%E8%80%81')
    await page.getByTestId('tab-bar').getByRole('link', { name }).waitFor()
    await expect.poll(() => field(page, /Bank merchant number/).isDisabled()).toBe(true)
    await page.getByText('Fixed once saved: payments settle to this number').first().waitFor()

    // A reload keeps the page: the key still maps to the stored row.
    await page.reload()
    await expect.poll(() => field(page, /Merchant name/).inputValue()).toBe(name)
    await expect.poll(() => field(page, /Merchant name/).isDisabled()).toBe(false)
    await field(page, /Merchant name/).fill(renamed)
    await page.getByTestId('merchant-submit').click()
    await page.getByText(`Saved ${renamed}`).waitFor()
    await page.waitForURL(/\/merchant(\?|$)/)

    // Export the current filter and read the file back.
    await search(page).fill(renamed)
    await page.waitForURL(/q=/)
    await page.getByRole('row', { name: new RegExp(renamed) }).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('merchant-export').click()])
    const csv = readFileSync((await download.path()) as string, 'utf8')
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    const lines = csv.slice(1).trim().split('\r\n')
    expect(lines[0]).toContain('Account username')
    expect(lines.filter((line) => line.includes(renamed))).toHaveLength(1)
    expect(lines).toHaveLength(2)

    // Reset its password: shown once; that account still cannot sign in to the console.
    const resetRow = page.getByRole('row', { name: new RegExp(renamed) })
    const username = ((await resetRow.textContent()) ?? '').match(/0314888-\d{4}/)?.[0] ?? ''
    expect(username).not.toBe('')
    await resetRow.getByRole('button', { name: `Reset the password of ${renamed}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click()
    const newPassword = (await page.getByTestId('merchant-new-password').textContent()) ?? ''
    expect(newPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{6,}$/)
    expect(newPassword).not.toBe(initialPassword)
    await page.getByRole('button', { name: 'Done' }).click()

    const merchantContext = await newContext(browser)
    const merchantPage = await merchantContext.newPage()
    await merchantPage.goto('/login')
    await signIn(merchantPage, { username, password: newPassword })
    await merchantPage.getByText('This account cannot sign in to the console').waitFor()
    expect(merchantPage.url()).toContain('/login')
    await merchantContext.close()
    await context.close()
  })

  it('an edit address without a stored key lands on the list, saying why', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    await page.goto('/merchant/edit?key=0123456789abcdef')
    await page.waitForURL(/\/merchant\?redirect=MerchantEdit/)
    await page.getByText('Open a merchant to edit from this list').waitFor()
    await page.goto('/merchant/edit')
    await page.waitForURL(/\/merchant\?redirect=MerchantEdit/)
    await context.close()
  })
})

describe('merchant management (OFFICIAL)', () => {
  it('sees every market with a market column, and registers into a chosen market', async () => {
    const { context, page } = await signedInPage(browser, DEMO.official)
    await openList(page)
    await page.getByRole('columnheader', { name: 'Market' }).waitFor()
    // The widest table (with the market column) still shows each row's actions in a laptop's window:
    // their column stays at the table's right edge, on top of the cells scrolling under it.
    const edit = page
      .locator('tbody tr[role="row"]')
      .first()
      .getByRole('button', { name: /^Edit / })
    const inView = await edit.evaluate((button) => {
      const box = button.getBoundingClientRect()
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
      return box.right <= window.innerWidth && button.contains(hit)
    })
    expect(inView).toBe(true)
    await page.getByRole('link', { name: 'Register merchant' }).click()
    await page.waitForURL('**/merchant/register')
    const market = page.getByTestId('merchant-form').getByRole('combobox', { name: /Market/ })
    await market.click()
    await market.fill('新华')
    await page.getByRole('option', { name: '廊坊市新华农贸市场' }).click()
    await expect(market.inputValue()).resolves.toBe('廊坊市新华农贸市场')
    await context.close()
  })
})

describe('the merchant edit address across tabs (issue 20)', () => {
  it('opens in another tab of the same browser; a key it lacks keeps the list’s filter; sign-out forgets them', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    await openList(page)
    await page.getByLabel('Status').selectOption('active')
    await page.waitForURL(/status=active/)
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click()
    await page.waitForURL(/\/merchant\/edit\?key=[0-9a-f]{16}/)
    const address = page.url()
    await expect.poll(() => field(page, /Merchant name/).inputValue()).not.toBe('')
    const name = await field(page, /Merchant name/).inputValue()

    // The address pasted into another tab of this browser opens the same merchant.
    const other = await context.newPage()
    await other.goto(address)
    await expect.poll(() => field(other, /Merchant name/).inputValue()).toBe(name)
    expect(other.url()).toBe(address)

    // A key this browser does not hold goes back to the list, with the list's filter kept.
    await other.goto('/merchant/edit?key=0123456789abcdef')
    await other.waitForURL(/\/merchant\?redirect=MerchantEdit&status=active/)
    await other.getByText('Open a merchant to edit from this list').waitFor()
    await other.close()

    // Signing out forgets the stored rows (phone numbers, credit codes): after signing in again the
    // address no longer opens.
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => localStorage.getItem('large-params'))).toBeNull()
    await signIn(page, DEMO.market)
    await page.waitForURL('**/dashboard/workplace')
    await page.goto(address)
    await page.waitForURL(/\/merchant\?redirect=MerchantEdit/)
    await context.close()
  })
})
