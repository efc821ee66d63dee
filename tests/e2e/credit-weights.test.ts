import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consoleApi, DEMO, launchBrowser, newContext, signIn } from '../helpers/browser'

/**
 * A market's credit rule (issue 26 §3) set on its page by its own operator, at a phone's width in the
 * dark theme: every weight raised to 20 takes a merchant with anything against it to one star at once
 * (its page says so), and the reset to defaults, saved, gives its stars back. The demo's weights are
 * the defaults again at the end, for the files after this one.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

type Listed = { list: { id: string; creditStars: number }[] }

const section = (page: Page) => page.getByRole('region', { name: 'Credit rule' })
/** Saves the form; answers once the server has (its toast may still be up from the save before). */
async function saved(page: Page) {
  const answer = page.waitForResponse((r) => r.url().includes('/weights') && r.request().method() === 'PUT')
  await section(page).getByRole('button', { name: 'Save credit rule' }).click()
  expect((await answer).status()).toBe(200)
}

describe('a market’s credit rule', () => {
  it('raised, lowers its merchants’ stars at once; back to the defaults, gives them back', async () => {
    const context = await newContext(browser, 'en-US')
    await context.addInitScript(() => localStorage.setItem('settings', JSON.stringify({ theme: 'dark' })))
    const page = await context.newPage()
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto('/login')
    await signIn(page, DEMO.market)
    await page.waitForURL('**/dashboard/workplace')

    // A merchant with something against it but not yet one star (the demo's complaints, tests, licences).
    let merchant: Listed['list'][number] | undefined
    for (let n = 1; !merchant && n <= 10; n++)
      merchant = (await consoleApi<Listed>(page, `/merchants?pageSize=100&page=${n}`)).list.find(
        (row) => row.creditStars > 1 && row.creditStars < 5,
      )
    expect(merchant).toBeDefined()
    const stars = merchant!.creditStars
    await page.goto(`/merchant/${merchant!.id}`)
    await page.getByTestId('merchant-detail').waitFor()
    await page
      .getByRole('img', { name: `${stars} of 5 stars` })
      .first()
      .waitFor()

    // Its market's page, from the merchant's: the credit rule, each weight the default.
    await page.getByRole('region', { name: 'Merchant' }).getByRole('link').click()
    await page.getByTestId('market-detail').waitFor()
    await section(page).getByTestId('market-credit-weights').waitFor()
    const weights = section(page).getByRole('textbox')
    expect(await weights.count()).toBe(5)
    expect(
      await section(page)
        .getByText(/^The default/)
        .count(),
    ).toBe(5)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="market-credit-weights"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])

    // Every weight to 20, by keyboard: one record is then 20 points, one star.
    await weights.first().focus()
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('ControlOrMeta+A')
      await page.keyboard.type('20')
      await page.keyboard.press('Tab')
    }
    expect(
      await section(page)
        .getByText(/^Differs from the default/)
        .count(),
    ).toBe(5)
    await saved(page)
    await page.getByText("Credit rule saved; the merchants' stars are recomputed").waitFor()
    await page.goto(`/merchant/${merchant!.id}`)
    await page.getByRole('img', { name: '1 of 5 stars' }).first().waitFor()

    // Back to the defaults: the reset fills them in, the save stores them, the stars come back.
    await page.goBack()
    await page.getByTestId('market-detail').waitFor()
    await section(page).getByRole('button', { name: 'Reset to defaults' }).click()
    expect(
      await section(page)
        .getByText(/^The default/)
        .count(),
    ).toBe(5)
    await saved(page)
    await page.goto(`/merchant/${merchant!.id}`)
    await page
      .getByRole('img', { name: `${stars} of 5 stars` })
      .first()
      .waitFor()
    await context.close()
  })
})
