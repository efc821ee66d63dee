import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { baseURL, DEMO, launchBrowser, signIn } from '../helpers/browser'
import { heldCode } from '../helpers/held-code'

/** /login paints from its prerendered HTML (src/prerender/pages.ts), before and without its JavaScript. */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

type Locale = 'zh-CN' | 'en-US'
const words = (locale: Locale) => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Record<string, string>
const BACKGROUND = { light: 'rgb(242, 243, 245)', dark: 'rgb(23, 23, 26)' }

async function contextFor(
  locale: Locale,
  options: { theme?: 'light' | 'dark'; javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  })
  context.setDefaultTimeout(15_000)
  // The cookie the console writes when the theme is stored (src/lib/view-cookie.ts).
  if (options.theme)
    await context.addCookies([{ name: 'console-view', value: `${locale}.${options.theme}`, url: baseURL() }])
  return context
}

/** Holds the framework chunk (the page's code needs it) until the answer is called: the code arrives then. */
async function holdTheCode(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/framework-*.js', async (route) => {
    await released
    await route.continue()
  })
  return release
}

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).boundingBox()
  if (!found) throw new Error(`${selector} is not laid out`)
  return found
}

/**
 * Right after src/main.tsx has read the prerendered form's fields (a microtask after the read, before
 * hydration commits): `value` lands in the field named `field`, announced by an input event or not,
 * and Sign in is pressed when `press`.
 */
function typeRightAfterTheRead(
  context: BrowserContext,
  late: { field: 'username' | 'password'; value: string; announced: boolean; press: boolean },
) {
  return context.addInitScript((late) => {
    const query = Element.prototype.querySelectorAll
    Element.prototype.querySelectorAll = function (this: Element, selectors: string) {
      const found = query.call(this, selectors)
      if (this.id === 'root' && selectors.startsWith('input[name]'))
        queueMicrotask(() => {
          const box = document.querySelector<HTMLInputElement>(`input[name=${late.field}]`)!
          box.value = late.value
          if (late.announced) box.dispatchEvent(new Event('input', { bubbles: true }))
          if (late.press) document.querySelector<HTMLButtonElement>('button[type=submit]')!.click()
        })
      return found
    } as typeof query
  }, late)
}

describe('/login without JavaScript', () => {
  it.each([
    ['zh-CN', 'light'],
    ['zh-CN', 'dark'],
    ['en-US', 'light'],
    ['en-US', 'dark'],
  ] as const)('shows the whole form, styled, in %s and the %s theme', async (locale, theme) => {
    const context = await contextFor(locale, { theme, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/login')
    const text = words(locale)
    await expect(page.locator('h1').textContent()).resolves.toBe(text.app_title)
    await expect(page.getByText(text.login_subtitle as string).isVisible()).resolves.toBe(true)
    await expect(page.getByLabel(text.login_username as string).isVisible()).resolves.toBe(true)
    await expect(page.getByLabel(text.login_password as string).isVisible()).resolves.toBe(true)
    await expect(page.getByRole('button', { name: text.login_submit }).isVisible()).resolves.toBe(true)
    await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe(BACKGROUND[theme])

    // Laid out by the stylesheet: a centred card, the fields and the button stacked at its full width.
    const card = await box(page, 'main > div')
    const viewport = page.viewportSize() as { width: number }
    expect(Math.abs(card.x + card.width / 2 - viewport.width / 2)).toBeLessThan(2)
    expect(card.width).toBeLessThanOrEqual(384)
    const username = await box(page, 'input[name=username]')
    const password = await box(page, 'input[name=password]')
    const button = await box(page, 'button[type=submit]')
    expect(username.y + username.height).toBeLessThan(password.y)
    expect(password.y + password.height).toBeLessThan(button.y)
    for (const item of [username, password, button]) {
      expect(item.x).toBeGreaterThan(card.x)
      expect(item.x + item.width).toBeLessThan(card.x + card.width)
      expect(Math.abs(item.width - username.width)).toBeLessThan(1)
      expect(item.height).toBeGreaterThanOrEqual(36)
    }
    await context.close()
  })

  it('never submits the password in an address: the form posts, and comes back to /login', async () => {
    const context = await contextFor('en-US', { javaScriptEnabled: false })
    const page = await context.newPage()
    const requests: { method: string; url: string }[] = []
    page.on('request', (request) => requests.push({ method: request.method(), url: request.url() }))
    await page.goto('/login?redirect=%2Fmarket')
    await page.getByLabel('Username').fill('official')
    await page.getByLabel('Password').fill('Official123')
    await page.getByLabel('Password').press('Enter')
    await page.waitForLoadState('load')
    await expect.poll(() => requests.some((request) => request.method === 'POST')).toBe(true)
    expect(requests.every((request) => !request.url.includes('Official123'))).toBe(true)
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login?redirect=%2Fmarket')
    await context.close()
  })
})

describe('/login when its code arrives', () => {
  it('asks for no script before its first paint, then for all of them at once', async () => {
    // The HTML itself: every preload held in the template, no script the parser would start.
    const html = await (await fetch(`${baseURL()}/login`, { headers: { 'Accept-Language': 'en-US' } })).text()
    const { held, outside } = heldCode(html)
    expect(held.length).toBeGreaterThan(3)
    expect(held.some((link) => link.includes('data-entry'))).toBe(true)
    expect(outside).not.toMatch(/<link rel="modulepreload"/)
    expect(outside).not.toMatch(/<script[^>]*\ssrc=/)

    // In the browser: once painted, the boot script puts them in the document and every one is asked for.
    const context = await contextFor('en-US')
    const page = await context.newPage()
    const scripts = new Set<string>()
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url())
    })
    await page.goto('/login')
    await page.waitForFunction(
      () => document.querySelector<HTMLTemplateElement>('template[data-after-paint]')?.content.childElementCount === 0,
    )
    const preloads = await page.evaluate(() =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => link.href),
    )
    expect(preloads).toHaveLength(held.length)
    await expect.poll(() => preloads.filter((url) => !scripts.has(url)), { timeout: 15_000 }).toEqual([])
    await context.close()
  })

  it('hydrates what is there: typed values and focus kept, no warning, then signs in', async () => {
    const context = await contextFor('en-US')
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    const navigations: string[] = []
    // Document requests only (a history.replaceState by the router is not one).
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url())
    })
    // The framework chunk (the module script needs it) waits until the visitor has typed.
    const release = await holdTheCode(page)
    await page.goto('/login', { waitUntil: 'commit' })
    await page.getByLabel('Password').waitFor()
    await page.getByLabel('Username').fill(DEMO.official.username)
    await page.getByLabel('Password').click()
    await page.keyboard.type(DEMO.official.password)
    release()
    // Hydrated: React's handlers are on the form's fields.
    await page.waitForFunction(() => {
      const field = document.querySelector('input[name=password]')
      return field !== null && Object.keys(field).some((key) => key.startsWith('__reactProps'))
    })
    await page.waitForTimeout(300)
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe(DEMO.official.username)
    await expect(page.getByLabel('Password').inputValue()).resolves.toBe(DEMO.official.password)
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('password')
    expect(problems).toEqual([])
    // The language and theme are mirrored for the server's next answer.
    await expect(page.evaluate(() => document.cookie)).resolves.toContain('console-view=en-US.light')

    await page.keyboard.press('Enter')
    await page.waitForURL('**/dashboard/workplace')
    // The only document loads were /login's: the form never submitted natively.
    expect(navigations.filter((url) => new URL(url).pathname === '/login')).toHaveLength(1)
    expect(problems).toEqual([])

    // Signed in: /login goes straight on, from its inline script.
    await page.goto('/login?redirect=%2Fdevice')
    await page.waitForURL('**/device')
    await context.close()
  })

  it('signs in when Sign in was pressed before its code arrived, without posting the form', async () => {
    const context = await contextFor('en-US')
    const page = await context.newPage()
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/login') posts.push(request.url())
    })
    // The framework chunk waits until the visitor has pressed Sign in.
    const release = await holdTheCode(page)
    await page.goto('/login', { waitUntil: 'commit' })
    await page.getByLabel('Password').waitFor()
    await page.getByLabel('Username').fill(DEMO.official.username)
    await page.getByLabel('Password').fill(DEMO.official.password)
    await page.locator('button[type=submit]').click()
    release()
    await page.waitForURL('**/dashboard/workplace')
    expect(posts).toEqual([])
    await context.close()
  })

  it('signs in with what was typed while its code was taking the form over', async () => {
    const context = await contextFor('en-US')
    // Right after src/main.tsx has read the typed fields and before hydration commits (a microtask
    // after the read), the password is typed and Sign in pressed: the press goes from the page's first
    // layout effect, before React replays the change into the state.
    await typeRightAfterTheRead(context, {
      field: 'password',
      value: DEMO.official.password,
      announced: true,
      press: true,
    })
    const page = await context.newPage()
    const release = await holdTheCode(page)
    await page.goto('/login', { waitUntil: 'commit' })
    await page.getByLabel('Username').fill(DEMO.official.username)
    release()
    await page.waitForURL('**/dashboard/workplace')
    await context.close()
  })

  it('keeps a username the hydration did not see when a later key re-renders the form', async () => {
    const context = await contextFor('en-US')
    // Right after src/main.tsx has read the fields, the username lands in the box with no event React
    // sees before it hydrates (as when React restarts a hydration that had already read the typed
    // values): the state is behind the box, and the password's key re-renders the form.
    await typeRightAfterTheRead(context, {
      field: 'username',
      value: DEMO.official.username,
      announced: false,
      press: false,
    })
    const page = await context.newPage()
    await page.goto('/login')
    await page.locator('html[data-live]').waitFor({ state: 'attached' })
    await page.getByLabel('Password').fill(DEMO.official.password)
    expect(await page.getByLabel('Username').inputValue()).toBe(DEMO.official.username)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/dashboard/workplace')
    await context.close()
  })

  it('switches to the language chosen before its code arrived, keeping what was typed and the focus', async () => {
    const context = await contextFor('zh-CN')
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    // The framework chunk waits until the visitor has typed and chosen English.
    const release = await holdTheCode(page)
    await page.goto('/login', { waitUntil: 'commit' })
    const zh = words('zh-CN')
    await page.getByLabel(zh.login_username as string).fill(DEMO.official.username)
    await page.getByTestId('locale-switch').selectOption('en-US')
    await page.getByLabel(zh.login_password as string).click()
    await page.keyboard.type(DEMO.official.password)
    release()
    await page.getByText('Language switched').waitFor()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await expect(page.locator('h1').textContent()).resolves.toBe(words('en-US').app_title)
    await expect(page.getByTestId('locale-switch').inputValue()).resolves.toBe('en-US')
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe(DEMO.official.username)
    await expect(page.getByLabel('Password').inputValue()).resolves.toBe(DEMO.official.password)
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('password')
    await expect(page.evaluate(() => localStorage.getItem('locale'))).resolves.toBe('en-US')
    await expect(page.evaluate(() => document.cookie)).resolves.toContain('console-view=en-US.light')
    expect(problems).toEqual([])
    // A later switch is the page's own: back to Chinese, once.
    await page.getByTestId('locale-switch').selectOption('zh-CN')
    await page.getByRole('button', { name: zh.login_submit }).waitFor()
    await page.getByLabel(zh.login_password as string).press('Enter')
    await page.waitForURL('**/dashboard/workplace')
    await context.close()
  })

  it('starts in the language chosen from Accept-Language on a first visit, and keeps it', async () => {
    const context = await contextFor('en-US')
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await expect.poll(() => page.evaluate(() => localStorage.getItem('locale'))).toBe('en-US')
    await signIn(page, DEMO.official)
    await page.waitForURL('**/dashboard/workplace')
    await context.close()
  })
})
