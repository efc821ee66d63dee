import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { DEMO, launchBrowser, newContext, signIn, signedInPage } from '../helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** Polls longer than Vitest's 1 s default: a page on a busy 2-core machine can take longer to draw. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 })
const palette = (page: Page) => page.getByRole('dialog', { name: 'Go to' })
const options = (page: Page) => palette(page).getByRole('option')
const selectedOption = (page: Page) => palette(page).locator('[role="option"][aria-selected="true"]').textContent()
/** An option's own words (a market's or merchant's name), without the line under it. */
const label = (option: Locator) => option.locator('[data-slot="command-item-label"]')
const focused = (page: Page) =>
  page.evaluate(() => ({
    testId: document.activeElement?.getAttribute('data-testid') ?? null,
    tag: document.activeElement?.tagName ?? null,
    text: document.activeElement?.textContent ?? null,
  }))

/** Opens the palette with the shortcut and waits for its input to take the keys. */
async function openWithShortcut(page: Page) {
  // The console has drawn (and listens for the shortcut) once its navbar shows the palette's button.
  await page.getByTestId('palette-button').waitFor()
  await page.keyboard.press('Control+k')
  await palette(page).waitFor()
  await eventually(async () => (await focused(page)).testId).toBe('palette-input')
}

/** Moves the selection down with the arrow key until `name` is selected (at most 20 steps). */
async function arrowTo(page: Page, name: string) {
  for (let step = 0; step < 20; step++) {
    if ((await selectedOption(page))?.includes(name)) return
    await page.keyboard.press('ArrowDown')
  }
  throw new Error(`"${name}" was never selected; options: ${(await options(page).allTextContents()).join(' | ')}`)
}

describe('command palette', () => {
  it('Ctrl+K opens it; arrows and Enter open a page, whose heading then has focus; recent tabs go back', async () => {
    const { context, page } = await signedInPage(browser)
    await openWithShortcut(page)
    // The OFFICIAL's pages and actions, in the menu's words.
    const listed = await options(page).allTextContents()
    for (const name of ['Workplace', 'Market management', 'Merchant management', 'Device management'])
      expect(listed).toContain(name)
    expect(listed).toContain('Register market')
    expect(listed).toContain('Switch to dark theme')

    await page.keyboard.type('device')
    await eventually(() => options(page).allTextContents()).toContain('Device management')
    await arrowTo(page, 'Device management')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/device')
    await palette(page).waitFor({ state: 'detached' })
    await eventually(async () => (await focused(page)).tag).toBe('H1')

    // The tab left behind is offered again, and keys alone go back to it.
    await openWithShortcut(page)
    await page.keyboard.type('workpl')
    await eventually(() => palette(page).getByRole('group', { name: 'Recent tabs' }).count()).toBe(1)
    await arrowTo(page, 'Workplace')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/dashboard/workplace')
    await context.close()
  })

  it('Escape closes it and focus goes back to what opened it; Ctrl+K again closes it too', async () => {
    const { context, page } = await signedInPage(browser)
    await page.getByTestId('palette-button').click()
    await palette(page).waitFor()
    await eventually(async () => (await focused(page)).testId).toBe('palette-input')
    await page.keyboard.press('Escape')
    await palette(page).waitFor({ state: 'detached' })
    await eventually(async () => (await focused(page)).testId).toBe('palette-button')
    await openWithShortcut(page)
    await page.keyboard.press('Control+k')
    await palette(page).waitFor({ state: 'detached' })
    await context.close()
  })

  it('an OFFICIAL jumps to a market by name: its list, searched for it', async () => {
    const { context, page } = await signedInPage(browser)
    await openWithShortcut(page)
    // The market list searches operators' usernames too; the result shows the market's name.
    await page.keyboard.type('0314888')
    const found = palette(page).getByRole('group', { name: 'Markets' }).getByRole('option')
    await found.first().waitFor()
    const name = (await label(found.first()).textContent()) ?? ''
    expect(name).toMatch(/农贸市场$/)
    await arrowTo(page, name)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/market' && url.searchParams.get('q') === name)
    await page.getByRole('cell', { name }).first().waitFor()
    await context.close()
  })

  it('a MARKET user sees no OFFICIAL-only pages, and jumps to one of its merchants by name', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    await page.getByTestId('palette-button').click()
    await palette(page).waitFor()
    const listed = await options(page).allTextContents()
    expect(listed).toContain('Merchant management')
    expect(listed).toContain('Register merchant')
    expect(listed).not.toContain('Market management')
    expect(listed).not.toContain('Register market')

    // Its first merchant, found by account; then found again by its name, as a user would.
    await page.keyboard.type('0314888-0001')
    const merchants = palette(page).getByRole('group', { name: 'Merchants' }).getByRole('option')
    await eventually(() => merchants.count()).toBe(1)
    const name = (await label(merchants.first()).textContent()) ?? ''
    expect(name.length).toBeGreaterThan(0)
    await page.getByTestId('palette-input').fill(name)
    await eventually(() => label(merchants.first()).textContent()).toBe(name)
    // No market is offered to an operator, whatever is typed.
    expect(await palette(page).getByRole('group', { name: 'Markets' }).count()).toBe(0)
    await arrowTo(page, name)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/merchant\/edit\?key=[0-9a-f]{16}/)
    await page.getByTestId('merchant-form').waitFor()
    await eventually(() => page.getByTestId('tab-list').getByRole('link', { name }).count()).toBe(1)
    await context.close()
  })

  it('a search answered "not signed in" opens the re-login modal, not just a line in the palette', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    // Only the palette's merchant search finds the session over: nothing else can open the modal.
    await page.route('**/api/merchants?**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 1001, msg: 'Not signed in', data: null, isSuccess: false }),
      }),
    )
    await openWithShortcut(page)
    await page.keyboard.type('0314888')
    const modal = page.getByTestId('login-invalid-modal')
    await modal.getByText('Login invalid').waitFor()
    await modal.getByRole('button', { name: 'Sign in again' }).waitFor()
    await context.close()
  })

  it('switches the language from the keyboard, and then speaks Chinese', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    await openWithShortcut(page)
    await page.keyboard.type('language')
    await arrowTo(page, 'Switch language to 简体中文')
    await page.keyboard.press('Enter')
    await page.getByTestId('side-menu').getByRole('link', { name: '商户管理' }).waitFor()
    await page.keyboard.press('Control+k')
    const dialog = page.getByRole('dialog', { name: '快速跳转' })
    await dialog.waitFor()
    expect(await dialog.getByRole('option').allTextContents()).toContain('商户管理')
    expect(await dialog.getByRole('group', { name: '页面' }).count()).toBe(1)
    expect(await dialog.getByPlaceholder('输入页面、操作、市场或商户…').count()).toBe(1)
    await context.close()
  })

  it('on a phone the navbar keeps its search button in view, and a tap opens the palette', async () => {
    const { context, page } = await signedInPage(browser, DEMO.official, { viewport: { width: 390, height: 800 } })
    const header = page.getByRole('banner')
    expect(await header.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    const button = page.getByTestId('palette-button')
    const box = await button.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
    await button.click()
    await palette(page).waitFor()
    const dialog = await palette(page).boundingBox()
    expect(dialog && dialog.x >= 0 && dialog.x + dialog.width <= 390).toBe(true)
    await context.close()
  })

  describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
    it('the open palette, with results, has no axe violations', async () => {
      const context = await newContext(browser)
      await context.addInitScript((t) => localStorage.setItem('settings', JSON.stringify({ theme: t })), theme)
      const page = await context.newPage()
      await page.goto('/login')
      await signIn(page, DEMO.official)
      await page.waitForURL('**/dashboard/workplace')
      await openWithShortcut(page)
      await page.keyboard.type('0314888')
      await palette(page).getByRole('group', { name: 'Markets' }).waitFor()
      await palette(page).getByRole('group', { name: 'Merchants' }).waitFor()
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      await context.close()
    })
  })
})
