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
    // The error toast is checked too, once its entry animation is over (colours are measured mid-fade otherwise).
    await page.locator('[data-sonner-toast][data-type="error"]').first().waitFor()
    await page.waitForTimeout(700)
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('the user menu, the account dialog and the market switcher, open, have no violations', async () => {
    const context = await newContext(browser)
    await context.addInitScript((t) => localStorage.setItem('settings', JSON.stringify({ theme: t })), theme)
    const page = await context.newPage()
    await page.goto('/login')
    await signIn(page, DEMO.official)
    await page.getByText('Welcome back, official').waitFor()
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'My account' }).waitFor()
    expect(await violations(page)).toEqual([])
    await page.getByRole('menuitem', { name: 'My account' }).click()
    await page.getByTestId('account-form').waitFor()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await page.getByTestId('account-form').waitFor({ state: 'detached' })
    await page.getByTestId('market-switcher').click()
    await page.locator('[data-switcher-option]').nth(1).waitFor()
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('the status pages (403, 404) and read messages have no violations', async () => {
    const context = await newContext(browser)
    await context.addInitScript((t) => localStorage.setItem('settings', JSON.stringify({ theme: t })), theme)
    const page = await context.newPage()
    await page.goto('/login')
    // OFFICIAL: marking its notices read leaves the operator's unread counts to the shell tests.
    await signIn(page, DEMO.official)
    await page.getByText('Welcome back, official').waitFor()
    for (const [path, text] of [
      ['/exception/403', 'Access to this resource is denied.'],
      ['/exception/404', 'Sorry, the page is gone.'],
    ] as const) {
      await page.goto(path)
      await page.getByText(text).waitFor()
      expect(await violations(page)).toEqual([])
    }
    // Read messages are drawn differently from unread ones: both must stay readable.
    await page.getByTestId('message-box').click()
    await page.getByRole('tab', { name: /Notices/ }).click()
    await page.getByTestId('message-list-notice').waitFor()
    // The other theme's run may have read them already.
    const markAll = page.getByRole('button', { name: 'Mark all read' })
    if (await markAll.isEnabled()) await markAll.click()
    await expect.poll(() => markAll.isEnabled()).toBe(false)
    expect(await violations(page)).toEqual([])
    await context.close()
  })
})
