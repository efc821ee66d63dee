import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO, launchBrowser, listTakenOver, signedInPage } from '../helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const signedIn = (
  account: { username: string; password: string } = DEMO.official,
  viewport?: { width: number; height: number },
) => signedInPage(browser, account, viewport ? { viewport } : {})

const tabTitles = (page: Page) =>
  page.getByTestId('tab-bar').getByRole('navigation').getByRole('link').allTextContents()

describe('settings drawer', () => {
  it('applies each switch at once and keeps it across a reload', async () => {
    const { context, page } = await signedIn()
    await page.getByTestId('settings-button').click()
    const drawer = page.getByTestId('settings-drawer')
    await drawer.getByText('Page settings').waitFor()
    await drawer.getByTestId('setting-footer').click()
    await page.locator('footer').waitFor({ state: 'detached' })
    await drawer.getByTestId('setting-colorWeak').click()
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('color-weak'))).toBe(true)
    await drawer.getByLabel('Dark theme').click()
    await expect.poll(() => page.evaluate(() => document.body.getAttribute('data-theme'))).toBe('dark')
    await drawer.getByRole('button', { name: '#F53F3F' }).click()
    await page.waitForFunction(
      () =>
        getComputedStyle(document.body).getPropertyValue('--primary-6').trim().length > 0 &&
        document.body.style.getPropertyValue('--primary-6') !== '',
    )
    const primary = await page.evaluate(() => document.body.style.getPropertyValue('--primary-6'))
    expect(primary.toLowerCase()).not.toBe('#3c7eff')
    // Typed a key at a time, as a person types: each keystroke is not clamped on its own, and what is
    // out of range is clamped once the user is done (Enter or leaving the field).
    const menuWidth = drawer.getByLabel('Menu width (px)')
    await menuWidth.fill('')
    await menuWidth.pressSequentially('90')
    expect(await menuWidth.inputValue()).toBe('90')
    await menuWidth.press('Enter')
    await expect.poll(() => menuWidth.inputValue()).toBe('160')
    await menuWidth.fill('')
    await menuWidth.pressSequentially('4000')
    await menuWidth.blur()
    await expect.poll(() => menuWidth.inputValue()).toBe('400')
    await menuWidth.fill('')
    await menuWidth.pressSequentially('260')
    expect(await menuWidth.inputValue()).toBe('260')
    await page.keyboard.press('Escape')
    await page.getByTestId('settings-drawer').waitFor({ state: 'detached' })
    await page.reload()
    // The app's own page, not the Workplace's prerendered frame (it paints first, with the stored layout as styles).
    await listTakenOver(page)
    const state = await page.evaluate(() => ({
      footer: document.querySelector('footer') !== null,
      weak: document.body.classList.contains('color-weak'),
      dark: document.body.getAttribute('data-theme'),
      primary: document.body.style.getPropertyValue('--primary-6'),
      menuWidth: (document.querySelector('aside') as HTMLElement | null)?.style.width,
    }))
    expect(state).toEqual({ footer: false, weak: true, dark: 'dark', primary, menuWidth: '260px' })
    await context.close()
  })

  it('gives focus back to the button that opened it when closed with Escape', async () => {
    const { context, page } = await signedIn()
    await page.getByTestId('settings-button').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('settings-drawer').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('settings-drawer').waitFor({ state: 'detached' })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('settings-button')
    await context.close()
  })

  it('copies the settings as JSON and says so', async () => {
    const { context, page } = await signedIn()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByTestId('settings-button').click()
    await page.getByTestId('setting-tabBar').click()
    await page.getByRole('button', { name: 'Copy settings' }).click()
    await page.getByText('Settings copied').waitFor()
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>
    expect(copied).toMatchObject({ tabBar: false, themeColor: '#165DFF', menuWidth: 220, theme: 'light' })
    expect(copied).not.toHaveProperty('serverMenu')
    await context.close()
  })

  it('hiding the navbar shows a floating settings button; top menu moves the menu into the navbar', async () => {
    const { context, page } = await signedIn()
    await page.getByTestId('settings-button').click()
    await page.getByTestId('setting-topMenu').click()
    await page.keyboard.press('Escape')
    // (Outside an open dialog the page is aria-hidden, so the menu is looked for after closing it.)
    await page.getByTestId('top-menu').getByRole('link', { name: 'Market management' }).waitFor()
    await expect.poll(() => page.locator('aside').count()).toBe(0)
    await page.getByTestId('settings-button').click()
    await page.getByTestId('setting-navbar').click()
    await page.keyboard.press('Escape')
    // Focus goes to the floating button that took the navbar's settings button's place.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('floating-settings')
    await page.getByTestId('floating-settings').click()
    await page.getByTestId('settings-drawer').waitFor()
    await context.close()
  })

  it('menu from the server loads with a notification and the menu follows it', async () => {
    const { context, page } = await signedIn(DEMO.market)
    await page.getByTestId('settings-button').click()
    await page.getByTestId('setting-menuFromServer').click()
    await page.getByText('Menu loaded').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('side-menu').getByRole('link', { name: 'Device management' }).click()
    await page.waitForURL('**/device')
    await context.close()
  })
})

describe('tab bar', () => {
  it('opens a tab per page, switches back, closes others and keeps tabs across a reload', async () => {
    const { context, page } = await signedIn()
    const menu = page.getByTestId('side-menu')
    // Each page is waited for: a page left before it finished loading never opens a tab.
    for (const title of ['Merchant management', 'Device management', 'Market management']) {
      await menu.getByRole('link', { name: title }).click()
      await page.getByRole('heading', { name: title }).waitFor()
    }
    await expect
      .poll(() => tabTitles(page))
      .toEqual(['Workplace', 'Merchant management', 'Device management', 'Market management'])
    await page.getByTestId('tab-bar').getByRole('link', { name: 'Device management' }).click()
    await page.waitForURL('**/device')
    await page.reload()
    await page.getByTestId('tab-bar').waitFor()
    await expect
      .poll(() => tabTitles(page))
      .toEqual(['Workplace', 'Merchant management', 'Device management', 'Market management'])
    // The frame's tab menu opens nothing before its page's code has taken it over.
    await listTakenOver(page)
    await page.getByTestId('tab-actions').click()
    await page.getByRole('menuitem', { name: 'Close others' }).click()
    await expect.poll(() => tabTitles(page)).toEqual(['Workplace', 'Device management'])
    await page.getByRole('button', { name: 'Close Device management' }).click()
    await page.waitForURL('**/dashboard/workplace')
    await expect.poll(() => tabTitles(page)).toEqual(['Workplace'])
    await context.close()
  })

  it('translates tab titles when the language changes', async () => {
    const { context, page } = await signedIn()
    await page.getByTestId('side-menu').getByRole('link', { name: 'Device management' }).click()
    await page.waitForURL('**/device')
    await page.getByTestId('locale-switch').selectOption('zh-CN')
    await expect.poll(() => tabTitles(page)).toEqual(['工作台', '设备管理'])
    await page.getByTestId('side-menu').getByRole('link', { name: '工作台' }).click()
    await expect.poll(() => page.title()).toBe('工作台 · Daily Supply')
    await context.close()
  })
})

describe('market scope', () => {
  const scopeOf = (page: Page) => page.getByTestId('market-scope').getAttribute('data-market')

  it('an OFFICIAL picking a market on /merchant gets ?market=<id>; a reload, the tab and menu links keep it', async () => {
    const { context, page } = await signedIn()
    await page.getByTestId('side-menu').getByRole('link', { name: 'Merchant management' }).click()
    await page.waitForURL('**/merchant')
    await expect.poll(() => scopeOf(page)).toBe('')
    await page.getByTestId('market-switcher').click()
    const options = page.getByRole('list', { name: 'Markets' }).getByRole('button')
    await expect.poll(() => options.count()).toBeGreaterThan(1)
    const market = options.nth(1)
    const name = (await market.textContent())?.trim()
    await market.click()
    await page.waitForURL(/\/merchant\?market=[0-9a-f-]{36}$/)
    const id = new URL(page.url()).searchParams.get('market')
    await expect.poll(() => scopeOf(page)).toBe(id)
    await expect.poll(async () => (await page.getByTestId('market-switcher').textContent())?.trim()).toBe(name)
    // The choice replaced the tab's address rather than opening another tab.
    const tabs = page.getByTestId('tab-bar').getByRole('navigation')
    await expect
      .poll(() => tabs.getByRole('link', { name: 'Merchant management' }).getAttribute('href'))
      .toBe(`/merchant?market=${id}`)
    expect(await tabTitles(page)).toEqual(['Workplace', 'Merchant management'])

    await page.reload()
    await page.getByTestId('market-scope').waitFor()
    expect(new URL(page.url()).searchParams.get('market')).toBe(id)
    // The frame the HTML paints names no market (the address's query is the page's to read): the
    // page takes it over with the address's market once its code has run.
    await expect.poll(() => scopeOf(page)).toBe(id)
    await page.getByTestId('side-menu').getByRole('link', { name: 'Device management' }).click()
    await page.waitForURL(`**/device?market=${id}`)
    expect(await scopeOf(page)).toBe(id)
    await context.close()
  })

  it("a MARKET user's pages show their own market whatever the URL names", async () => {
    const { context, page } = await signedIn(DEMO.market)
    const own = await scopeOf(page)
    expect(own).toMatch(/^[0-9a-f-]{36}$/)
    await page.goto('/device?market=00000000-0000-4000-8000-000000000000')
    // The HTML's frame names no market; the list takes over with the operator's own.
    await expect.poll(() => scopeOf(page)).toBe(own)
    await page.locator('table[aria-busy]').waitFor({ state: 'detached', timeout: 15_000 })
    expect(await scopeOf(page)).toBe(own)
    await context.close()
  })
})

describe('message box', () => {
  it('shows unread counts, marks an item read on click and a tab read with all-read', async () => {
    const { context, page } = await signedIn(DEMO.market)
    const bell = page.getByTestId('message-box')
    // The demo's notices (its history's failed pesticide tests) and to-dos (its scheduled jobs' follow-ups
    // and overdue complaints) vary with the day it was made and the jobs run since: counted, not fixed.
    const unread = async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? NaN)
    const tabUnread = async (name: RegExp) =>
      Number(/\d+/.exec((await page.getByRole('tab', { name }).textContent()) ?? '')?.[0] ?? 0)
    await expect.poll(unread).toBeGreaterThanOrEqual(2)
    await bell.click()
    await page.getByRole('tab', { name: /Notices/ }).click()
    const notices = page.getByTestId('message-list-notice')
    await notices.getByRole('button').first().waitFor()
    expect(await tabUnread(/Notices/)).toBeGreaterThanOrEqual(1)
    const before = await unread()
    await notices.getByRole('button').first().click()
    await expect.poll(unread).toBe(before - 1)
    await page.getByRole('button', { name: 'Mark all read' }).click()
    // What stays unread is in the other tabs: the demo's message and its to-dos.
    await expect.poll(() => tabUnread(/Notices/)).toBe(0)
    await expect.poll(async () => (await unread()) - (await tabUnread(/Messages/)) - (await tabUnread(/To do/))).toBe(0)
    expect(await unread()).toBeGreaterThanOrEqual(2)
    await page.getByRole('button', { name: 'View more' }).click()
    // The full list pages through however many notices the demo's history left (one page or more).
    await page
      .getByRole('dialog')
      .getByText(/^Page 1 of \d+$/)
      .waitFor()
    await context.close()
  })
})

describe('on a phone', () => {
  it('puts the menu in a drawer', async () => {
    const { context, page } = await signedIn(DEMO.official, { width: 390, height: 800 })
    await expect.poll(() => page.locator('aside').count()).toBe(0)
    await page.getByTestId('mobile-menu-button').click()
    // The drawer also carries what the narrow navbar leaves out.
    await page.getByRole('dialog').getByTestId('market-switcher').waitFor()
    await page.getByRole('dialog').getByTestId('locale-switch').waitFor()
    await page.getByRole('dialog').getByRole('link', { name: 'Device management' }).click()
    await page.waitForURL('**/device')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await context.close()
  })

  it('shows each list row as a card with its actions in view, no sideways swipe', async () => {
    const { context, page } = await signedIn(DEMO.official, { width: 390, height: 800 })
    await page.goto(page.url().replace(/\/dashboard\/workplace.*/, '/market'))
    const firstEdit = page.getByRole('link', { name: 'Edit' }).first()
    await firstEdit.waitFor()
    const fits = await page.evaluate(() => {
      const wrapper = document.querySelector('table')?.parentElement
      return {
        page: document.documentElement.scrollWidth <= innerWidth,
        table: wrapper ? wrapper.scrollWidth <= wrapper.clientWidth : false,
      }
    })
    expect(fits).toEqual({ page: true, table: true })
    const box = await firstEdit.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
    // Each value says which column it is.
    const firstCard = page.getByRole('row').nth(1)
    expect(await firstCard.locator('[data-label="Registered"]').count()).toBe(1)
    // Nothing found: the empty state sits in the middle.
    await page.getByPlaceholder('Search name, account or credit code').fill('没有这个市场的名字')
    const empty = page.getByText('Nothing matches')
    await empty.waitFor()
    const emptyBox = await empty.boundingBox()
    expect(emptyBox && Math.abs(emptyBox.x + emptyBox.width / 2 - 195)).toBeLessThan(30)
    await context.close()
  })
})

describe('side menu', () => {
  it('fits every label on one line at the default width, in English too', async () => {
    const { context, page } = await signedIn(DEMO.official, { width: 1440, height: 900 })
    // The active item's bold text is the widest case.
    await page.goto(page.url().replace(/\/dashboard\/workplace.*/, '/merchant'))
    await page.getByTestId('side-menu').getByRole('link', { name: 'Merchant management' }).waitFor()
    // Measured on the page's own menu: the frame's is replaced at the takeover, between two reads.
    await listTakenOver(page)
    const labels = await page
      .getByTestId('side-menu')
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => {
          const label = link.querySelector('span')
          const lineHeight = label ? parseFloat(getComputedStyle(label).lineHeight) : 0
          return {
            text: label?.textContent ?? '',
            lines: label ? Math.round(label.getBoundingClientRect().height / lineHeight) : 0,
            clipped: label ? label.scrollWidth > label.clientWidth + 1 : false,
          }
        }),
      )
    expect(labels.length).toBeGreaterThanOrEqual(4)
    for (const label of labels) expect(label, label.text).toMatchObject({ lines: 1, clipped: false })
    await context.close()
  })
})

describe('an address the role may not open', () => {
  it('a MARKET user opening the market list lands on the Workplace and is told why', async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    await page.goto('/market')
    await page.waitForURL('**/dashboard/workplace')
    await page.getByText('Your account may not open that page, so you were taken to your first page.').waitFor()
    await context.close()
  })
})
