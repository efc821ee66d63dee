import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO, launchBrowser, newContext, signIn } from '../helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe.each(['light', 'dark'] as const)('WCAG 2.1 AA in the %s theme', (theme) => {
  it('sign-in, Workplace, the settings drawer and the message box have no violations', async () => {
    const context = await newContext(browser)
    await context.addInitScript((t) => localStorage.setItem('settings', JSON.stringify({ theme: t })), theme)
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(await violations(page)).toEqual([])
    await signIn(page, DEMO.market)
    await page.getByText('Welcome back, 0314888').waitFor()
    expect(await violations(page)).toEqual([])
    await page.getByTestId('message-box').click()
    await page.getByTestId('message-list-message').waitFor()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await page.getByTestId('settings-button').click()
    await page.getByTestId('settings-drawer').waitFor()
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('the market list and the register form (with its errors shown) have no violations', async () => {
    const context = await newContext(browser)
    await context.addInitScript((t) => localStorage.setItem('settings', JSON.stringify({ theme: t })), theme)
    const page = await context.newPage()
    await page.goto('/login')
    await signIn(page, DEMO.official)
    await page.waitForURL('**/dashboard/workplace')
    await page.getByTestId('side-menu').getByRole('link', { name: 'Market management' }).click()
    await page.getByRole('row').nth(1).getByRole('link', { name: 'Edit' }).waitFor()
    expect(await violations(page)).toEqual([])
    await page.getByRole('link', { name: 'Register market' }).click()
    await page.getByTestId('market-submit').click()
    await page.getByText('required fields cannot be empty').first().waitFor()
    expect(await violations(page)).toEqual([])
    await context.close()
  })
})
