import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { expect, inject } from 'vitest'

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export const DEMO = {
  official: { username: 'official', password: 'Official123' },
  market: { username: '0314888', password: 'Market123' },
} as const

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

export const baseURL = () => inject('baseURL')

/** A fresh browser profile (no token, no stored locale) pointed at the test server. */
export async function newContext(browser: Browser, locale: 'zh-CN' | 'en-US' = 'en-US'): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), locale })
  context.setDefaultTimeout(15_000)
  if (locale === 'en-US') {
    // The console defaults to Chinese; most tests read English labels.
    await context.addInitScript(() => {
      if (!localStorage.getItem('locale')) localStorage.setItem('locale', 'en-US')
    })
  }
  return context
}

export async function signIn(page: Page, account: { username: string; password: string }) {
  await page.getByLabel('Username').fill(account.username)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** A fresh profile signed in as `account`, on Workplace: the start of most flows. */
export async function signedInPage(
  browser: Browser,
  account: { username: string; password: string } = DEMO.official,
  options: { viewport?: { width: number; height: number }; locale?: 'zh-CN' | 'en-US' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options.locale)
  const page = await context.newPage()
  if (options.viewport) await page.setViewportSize(options.viewport)
  await page.goto('/login')
  await signIn(page, account)
  await page.waitForURL('**/dashboard/workplace')
  return { context, page }
}

/**
 * A prerendered list's frame has been taken over by its page (src/main.tsx marks the document live):
 * before, its elements are the frame's, replaced all at once by the takeover.
 */
export async function listTakenOver(page: Page): Promise<void> {
  await page.locator('html[data-live]').waitFor({ state: 'attached' })
}

/** A console API call from inside the signed-in page (its token and XSRF cookie), answering `data`. */
export async function consoleApi<T>(page: Page, path: string, method = 'GET', body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, method, body }) => {
      const xsrf = document.cookie
        .split('; ')
        .find((part) => part.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length)
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          Authorization: localStorage.getItem('token') ?? '',
          'Content-Type': 'application/json',
          ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return (await response.json()) as { code: number; msg: string; data: unknown }
    },
    { path, method, body },
  )
  if (answer.code !== 20000) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`)
  return answer.data as T
}

/**
 * A Workplace widget's count tile, once drawn: the widget is scrolled into view (its counts load then)
 * until the tile is there, since the Workplace may draw its widgets again as it settles (the
 * prerendered frame's takeover replaces the element scrolled to).
 */
export async function workplaceTile(page: Page, widgetId: string, tileId: string): Promise<Locator> {
  const widget = page.getByTestId(widgetId)
  const tile = widget.getByTestId(tileId)
  await expect
    .poll(
      async () => {
        await widget.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined)
        return tile.count()
      },
      { timeout: 30_000 },
    )
    .toBe(1)
  return tile
}
