import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
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
const tabList = (page: Page) => page.getByTestId('tab-list')
const tabLink = (page: Page, name: string) => tabList(page).getByRole('link', { name })
const tabTitles = (page: Page) => tabList(page).getByRole('link').allTextContents()
const focusedTab = (page: Page) =>
  page.evaluate(() => (document.activeElement?.closest('[data-tab-path]') ? document.activeElement.textContent : null))

/** Opens pages from the side menu, each becoming a tab. */
async function openFromMenu(page: Page, ...names: string[]) {
  for (const name of names) {
    await page.getByTestId('side-menu').getByRole('link', { name }).click()
    await tabLink(page, name).and(page.locator('[aria-current="page"]')).waitFor()
  }
}

async function tabMenu(page: Page, name: string) {
  await tabLink(page, name).click({ button: 'right' })
  const menu = page.getByRole('menu')
  await menu.waitFor()
  return menu
}

describe('tab bar', () => {
  it('a pinned tab sorts first, survives close others and a reload, and cannot close until unpinned', async () => {
    const { context, page } = await signedInPage(browser)
    await openFromMenu(page, 'Merchant management', 'Device management', 'Market management')
    await (await tabMenu(page, 'Device management')).getByRole('menuitem', { name: 'Pin' }).click()
    await eventually(() => tabTitles(page)).toEqual([
      'Workplace',
      'Device management',
      'Merchant management',
      'Market management',
    ])
    await tabLink(page, 'Device management').getByRole('img', { name: 'Pinned' }).waitFor()
    // Its own Close is offered disabled, and it has no close button.
    const menu = await tabMenu(page, 'Device management')
    expect(await menu.getByRole('menuitem', { name: 'Close', exact: true }).getAttribute('aria-disabled')).toBe('true')
    await page.keyboard.press('Escape')
    expect(await page.getByRole('button', { name: 'Close Device management' }).count()).toBe(0)

    await page.getByTestId('tab-actions').click()
    await page.getByRole('menuitem', { name: 'Close others' }).click()
    await eventually(() => tabTitles(page)).toEqual(['Workplace', 'Device management', 'Market management'])
    await page.reload()
    await eventually(() => tabTitles(page)).toEqual(['Workplace', 'Device management', 'Market management'])
    await tabLink(page, 'Device management').getByRole('img', { name: 'Pinned' }).waitFor()

    // With only Workplace and the pinned tab left beside it, 'Close others' has nothing to close.
    await page.getByRole('button', { name: 'Close Market management' }).click()
    await eventually(() => tabTitles(page)).toEqual(['Workplace', 'Device management'])
    const left = await tabMenu(page, 'Device management')
    for (const name of ['Close others', 'Close tabs to the left', 'Close tabs to the right', 'Close all'])
      expect(await left.getByRole('menuitem', { name }).getAttribute('aria-disabled'), name).toBe('true')
    await left.getByRole('menuitem', { name: 'Unpin' }).click()
    await page.getByRole('button', { name: 'Close Device management' }).waitFor()
    await context.close()
  })

  it('drags a tab to a new place, and the order is kept across a reload', async () => {
    const { context, page } = await signedInPage(browser)
    await openFromMenu(page, 'Merchant management', 'Device management', 'Market management')
    const from = await tabLink(page, 'Market management').boundingBox()
    const to = await tabLink(page, 'Merchant management').boundingBox()
    if (!from || !to) throw new Error('tabs not drawn')
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(to.x + 4, to.y + to.height / 2, { steps: 12 })
    await page.mouse.up()
    await eventually(() => tabTitles(page)).toEqual([
      'Workplace',
      'Market management',
      'Merchant management',
      'Device management',
    ])
    // Dropping did not open the dragged tab's page (it was already the current one) nor another.
    expect(new URL(page.url()).pathname).toBe('/market')
    await page.reload()
    await eventually(() => tabTitles(page)).toEqual([
      'Workplace',
      'Market management',
      'Merchant management',
      'Device management',
    ])
    // Workplace stays first whatever is dropped before it.
    const home = await tabLink(page, 'Workplace').boundingBox()
    const device = await tabLink(page, 'Device management').boundingBox()
    if (!home || !device) throw new Error('tabs not drawn')
    await page.mouse.move(device.x + device.width / 2, device.y + device.height / 2)
    await page.mouse.down()
    await page.mouse.move(home.x + 2, home.y + home.height / 2, { steps: 12 })
    await page.mouse.up()
    await eventually(() => tabTitles(page)).toEqual([
      'Workplace',
      'Device management',
      'Market management',
      'Merchant management',
    ])
    await context.close()
  })

  it('maximizes the content by double-click or the menu; Escape or the same action restores', async () => {
    const { context, page } = await signedInPage(browser)
    await openFromMenu(page, 'Device management')
    const chrome = async () => ({
      navbar: await page.getByRole('banner').count(),
      menu: await page.getByTestId('side-menu').count(),
    })
    await tabLink(page, 'Device management').dblclick()
    await eventually(chrome).toEqual({ navbar: 0, menu: 0 })
    await tabList(page).waitFor()
    await page.keyboard.press('Escape')
    await eventually(chrome).toEqual({ navbar: 1, menu: 1 })

    await (await tabMenu(page, 'Device management')).getByRole('menuitem', { name: 'Maximize content' }).click()
    await eventually(chrome).toEqual({ navbar: 0, menu: 0 })
    // Escape that closes a menu only closes the menu.
    await tabMenu(page, 'Device management')
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    expect(await chrome()).toEqual({ navbar: 0, menu: 0 })
    await (await tabMenu(page, 'Device management')).getByRole('menuitem', { name: 'Restore layout' }).click()
    await eventually(chrome).toEqual({ navbar: 1, menu: 1 })
    await tabLink(page, 'Device management').dblclick()
    await eventually(chrome).toEqual({ navbar: 0, menu: 0 })
    await tabLink(page, 'Device management').dblclick()
    await eventually(chrome).toEqual({ navbar: 1, menu: 1 })
    await context.close()
  })

  it('names two tabs of one list by their search, with the address as tooltip, and each keeps its query', async () => {
    const { context, page } = await signedInPage(browser)
    // Signed in and the console drawn before the address bar takes over.
    await tabLink(page, 'Workplace').waitFor()
    await page.goto('/market?q=%E5%94%90%E5%B1%B1')
    await tabLink(page, 'Market management').and(page.locator('[aria-current="page"]')).waitFor()
    await page.goto('/market?q=%E4%BF%9D%E5%AE%9A')
    await eventually(() => tabTitles(page)).toEqual([
      'Workplace',
      'Market management · 唐山',
      'Market management · 保定',
    ])
    expect(await tabLink(page, 'Market management · 唐山').getAttribute('title')).toBe('/market?q=唐山')
    await eventually(() => page.title()).toBe('Market management · 保定 · Daily Supply')
    const query = () => new URL(page.url()).searchParams.get('q')
    await tabLink(page, 'Market management · 唐山').click()
    await eventually(query).toBe('唐山')
    await tabLink(page, 'Market management · 保定').click()
    await eventually(query).toBe('保定')
    // One of them closed, the other is plain 'Market management' again.
    await page.getByRole('button', { name: 'Close Market management · 唐山' }).click()
    await eventually(() => tabTitles(page)).toEqual(['Workplace', 'Market management'])
    await context.close()
  })

  it('is one Tab stop: arrows, Home and End move, Enter opens, Delete closes, Shift+F10 opens the menu', async () => {
    const { context, page } = await signedInPage(browser)
    await openFromMenu(page, 'Merchant management', 'Device management', 'Market management')
    // Only the current page's tab is in the Tab order.
    const tabbable = () => tabList(page).locator('a[tabindex="0"]').allTextContents()
    expect(await tabbable()).toEqual(['Market management'])
    // A link that says it has a menu (and no button type, which a link cannot have).
    expect(await tabLink(page, 'Market management').getAttribute('aria-haspopup')).toBe('menu')
    expect(await tabLink(page, 'Market management').getAttribute('type')).toBeNull()
    await tabLink(page, 'Market management').focus()
    await page.keyboard.press('Home')
    await eventually(() => focusedTab(page)).toBe('Workplace')
    await page.keyboard.press('ArrowLeft')
    await eventually(() => focusedTab(page)).toBe('Market management')
    await page.keyboard.press('ArrowRight')
    await eventually(() => focusedTab(page)).toBe('Workplace')
    await page.keyboard.press('ArrowRight')
    await eventually(() => focusedTab(page)).toBe('Merchant management')
    expect(await tabbable()).toEqual(['Merchant management'])
    await page.keyboard.press('Enter')
    await page.waitForURL('**/merchant')

    // The menu from the keyboard; Escape gives focus back to the tab.
    await tabLink(page, 'Merchant management').focus()
    await page.keyboard.press('Shift+F10')
    const menu = page.getByRole('menu')
    await menu.getByRole('menuitem', { name: 'Pin' }).waitFor()
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    await eventually(() => focusedTab(page)).toBe('Merchant management')

    // Alt+Shift+arrows move the focused tab; focus stays on it.
    await page.keyboard.press('Alt+Shift+ArrowRight')
    await eventually(() => tabTitles(page)).toEqual([
      'Workplace',
      'Device management',
      'Merchant management',
      'Market management',
    ])
    await eventually(() => focusedTab(page)).toBe('Merchant management')

    // Delete closes the focused tab; focus goes to the one taking its place.
    await page.keyboard.press('End')
    await page.keyboard.press('Delete')
    await eventually(() => tabTitles(page)).toEqual(['Workplace', 'Device management', 'Merchant management'])
    await eventually(() => focusedTab(page)).toBe('Merchant management')
    // Closing from the menu gives focus to the neighbouring tab too.
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('Shift+F10')
    await menu.getByRole('menuitem', { name: 'Close', exact: true }).click()
    await eventually(() => tabTitles(page)).toEqual(['Workplace', 'Merchant management'])
    await eventually(() => focusedTab(page)).toBe('Merchant management')
    await context.close()
  })

  it('middle-click closes a tab; "Open in new window" opens its address in another window', async () => {
    const { context, page } = await signedInPage(browser)
    await openFromMenu(page, 'Merchant management', 'Device management')
    await tabLink(page, 'Merchant management').click({ button: 'middle' })
    await eventually(() => tabTitles(page)).toEqual(['Workplace', 'Device management'])
    expect(context.pages()).toHaveLength(1)
    const opened = context.waitForEvent('page')
    await (await tabMenu(page, 'Device management')).getByRole('menuitem', { name: 'Open in new window' }).click()
    const other = await opened
    await other.waitForURL('**/device')
    await context.close()
  })

  it('a page left before it finished loading still gets its tab', async () => {
    const { context, page } = await signedInPage(browser)
    // The merchant page's code arrives late, so the next menu click comes before that page resolves.
    const manifest = JSON.parse(readFileSync('dist/client/manifest.json', 'utf8')) as Record<string, { file: string }>
    const chunk = manifest['src/routes/_console/merchant/index.tsx?tsr-split=component']?.file
    if (!chunk) throw new Error('no merchant page chunk in the build')
    await page.route(`**/${chunk}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.getByTestId('side-menu').getByRole('link', { name: 'Merchant management' }).click()
    await page.waitForURL('**/merchant')
    await openFromMenu(page, 'Device management')
    await eventually(() => tabTitles(page)).toEqual(['Workplace', 'Merchant management', 'Device management'])
    await context.close()
  })

  it("on a phone, the current page's tab is scrolled into view, also when the page is opened anew", async () => {
    const { context, page } = await signedInPage(browser, undefined, { viewport: { width: 390, height: 800 } })
    for (const path of ['/market', '/merchant', '/device', '/market/register', '/merchant/register']) {
      await page.goto(path)
      await tabList(page).locator('[aria-current="page"]').waitFor()
    }
    const inView = () =>
      page.evaluate(() => {
        const list = document.querySelector('[data-testid="tab-list"]')
        const current = list?.querySelector('[aria-current="page"]')
        if (!list || !current) return false
        const outer = list.getBoundingClientRect()
        const inner = current.getBoundingClientRect()
        return list.scrollWidth > list.clientWidth && inner.left >= outer.left - 1 && inner.right <= outer.right + 1
      })
    await eventually(inView).toBe(true)
    await context.close()
  })

  it('stays in view under the navbar on a long page', async () => {
    const { context, page } = await signedInPage(browser, undefined, { viewport: { width: 1280, height: 420 } })
    await openFromMenu(page, 'Device management')
    await page.getByRole('row').nth(10).waitFor()
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    const bar = await page.getByTestId('tab-bar').boundingBox()
    const navbar = await page.getByRole('banner').boundingBox()
    expect(bar?.y).toBe((navbar?.y ?? 0) + (navbar?.height ?? 0))
    await context.close()
  })

  it("a list's next page starts at the top, and its tab stays current, in place, through the new address", async () => {
    const { context, page } = await signedInPage(browser, undefined, { viewport: { width: 1280, height: 420 } })
    await openFromMenu(page, 'Merchant management')
    await page.getByRole('row').nth(10).waitFor()
    // The tab's own element is kept (marked here), not drawn anew for the new address.
    await tabLink(page, 'Merchant management').evaluate((link) => link.setAttribute('data-marked', ''))
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    const first = await page.getByRole('row').nth(1).textContent()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(/page=2/)
    await eventually(() => page.getByRole('row').nth(1).textContent()).not.toBe(first)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const current = tabList(page).locator('[aria-current="page"]')
    await eventually(() => current.getAttribute('href')).toContain('page=2')
    expect(await current.getAttribute('data-marked')).toBe('')
    await context.close()
  })
})

describe('tabs per browser window', () => {
  it('each window keeps its own tabs; a new window starts from the window that closed last', async () => {
    const { context, page: first } = await signedInPage(browser)
    await openFromMenu(first, 'Device management')
    // A second window starts from the set the first one left.
    const second = await context.newPage()
    await second.goto('/dashboard/workplace')
    await eventually(() => tabTitles(second)).toEqual(['Workplace', 'Device management'])
    await openFromMenu(second, 'Merchant management')
    // The first window's tabs are its own, across a reload too.
    await first.reload()
    await eventually(() => tabTitles(first)).toEqual(['Workplace', 'Device management'])
    await openFromMenu(first, 'Market management')
    // The second window closes last: a new one restores its set.
    await second.close({ runBeforeUnload: true })
    await eventually(() => context.pages().length).toBe(1)
    const third = await context.newPage()
    await third.goto('/dashboard/workplace')
    await eventually(() => tabTitles(third)).toEqual(['Workplace', 'Device management', 'Merchant management'])
    await context.close()
  })
})

describe.each(['light', 'dark'] as const)('WCAG 2.1 AA of the tab bar in the %s theme', (theme) => {
  it('a pinned tab, same-route labels, an open tab menu and the maximized page have no violations', async () => {
    const context = await newContext(browser)
    await context.addInitScript((t) => localStorage.setItem('settings', JSON.stringify({ theme: t })), theme)
    const page = await context.newPage()
    await page.goto('/login')
    await signIn(page, DEMO.official)
    await page.waitForURL('**/dashboard/workplace')
    await tabLink(page, 'Workplace').waitFor()
    const violations = async () => {
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    }
    await page.goto('/market?q=%E5%94%90%E5%B1%B1')
    // The prerendered frame has a tab list before the list has taken over and made its tab.
    await tabLink(page, 'Market management').waitFor()
    await page.goto('/market?q=%E4%BF%9D%E5%AE%9A')
    await openFromMenu(page, 'Device management')
    await (await tabMenu(page, 'Device management')).getByRole('menuitem', { name: 'Pin' }).click()
    await tabLink(page, 'Device management').getByRole('img', { name: 'Pinned' }).waitFor()
    expect(await violations()).toEqual([])
    await tabMenu(page, 'Market management · 唐山')
    expect(await violations()).toEqual([])
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    await page.getByTestId('tab-maximize').click()
    await page.getByRole('banner').waitFor({ state: 'detached' })
    expect(await violations()).toEqual([])
    await context.close()
  })
})
