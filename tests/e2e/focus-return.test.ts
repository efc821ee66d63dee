import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO, launchBrowser, signedInPage } from '../helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** Polls longer than Vitest's 1 s default: a page on a busy 2-core machine can take longer to draw. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 })
/** The focused element, named by its test id, else its label or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement
    if (!active || active === document.body) return 'body'
    return active.getAttribute('data-testid') ?? active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '?'
  })

/** Opens an overlay from the keyboard on the element with `testId`, closes it with Escape, and says where focus went. */
async function escapeFrom(page: Page, testId: string, overlay: string, open = 'Enter') {
  await page.getByTestId(testId).first().focus()
  await page.keyboard.press(open)
  await page.locator(overlay).first().waitFor()
  // Keys go to the overlay once it has taken focus.
  await eventually(() => page.evaluate((selector) => !!document.activeElement?.closest(selector), overlay)).toBe(true)
  await page.keyboard.press('Escape')
  await page.locator(overlay).first().waitFor({ state: 'detached' })
  await eventually(() => focused(page)).toBe(testId)
}

describe('every overlay gives focus back to what opened it', () => {
  it('message box, user menu, market switcher, settings drawer and command palette, from the keyboard', async () => {
    const { context, page } = await signedInPage(browser)
    await escapeFrom(page, 'message-box', '[role="dialog"]')
    await escapeFrom(page, 'user-menu', '[role="menu"]')
    await escapeFrom(page, 'market-switcher', '[role="dialog"]')
    await escapeFrom(page, 'settings-button', '[data-testid="settings-drawer"]')
    await escapeFrom(page, 'palette-button', '[role="dialog"]')
    await context.close()
  })

  it("dialogs opened from a menu or the message box give it back to that menu's button", async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    // My account, from the user menu: the menu is gone when the dialog closes, its button is not.
    await page.getByTestId('user-menu').focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'My account' }).waitFor()
    // Opened from the keyboard, the menu focuses its first item.
    await eventually(() => focused(page)).toBe('My account')
    await page.keyboard.press('Enter')
    await page.getByTestId('account-form').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('account-form').waitFor({ state: 'detached' })
    await eventually(() => focused(page)).toBe('user-menu')

    // All messages, from the message box's "View more".
    await page.getByTestId('message-box').focus()
    await page.keyboard.press('Enter')
    const viewMore = page.getByRole('button', { name: 'View more' })
    await viewMore.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Messages' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Messages' }).waitFor({ state: 'detached' })
    await eventually(() => focused(page)).toBe('message-box')
    await context.close()
  })

  it("a tab's menu gives focus back to the tab; the phone menu drawer to its button", async () => {
    const { context, page } = await signedInPage(browser, DEMO.official, { viewport: { width: 390, height: 800 } })
    await escapeFrom(page, 'mobile-menu-button', '[role="dialog"]')
    const tab = page.getByTestId('tab-list').getByRole('link', { name: 'Workplace' })
    await tab.focus()
    await page.keyboard.press('Shift+F10')
    await page.getByRole('menu').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    await eventually(() => tab.evaluate((element) => element === document.activeElement)).toBe(true)
    await context.close()
  })
})
