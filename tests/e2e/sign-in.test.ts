import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { DEMO, launchBrowser, newContext, signIn } from '../helpers/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe('signing in', () => {
  it('signs in as OFFICIAL and lands on Workplace with every area in the menu', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/')
    await page.waitForURL('**/login')
    await page.getByRole('heading', { name: 'Daily Supply' }).waitFor()
    await signIn(page, DEMO.official)
    await page.waitForURL('**/dashboard/workplace')
    await page.getByText('Welcome back, official').waitFor()
    const menu = page.getByTestId('side-menu')
    await menu.getByRole('link', { name: 'Workplace' }).waitFor()
    await expect(menu.getByRole('link').allTextContents()).resolves.toEqual([
      'Workplace',
      'Market management',
      'Merchant management',
      'Device management',
      'Transactions',
      'Daily statement',
      'Pesticide tests',
      'Complaint handling',
      'System status',
      'Operation log',
    ])
    // Focus is on the page's heading (announced), not left on the body; a menu link moves it to the next page's.
    const focused = () =>
      page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`)
    await expect.poll(focused).toBe('H1 Workplace')
    await menu.getByRole('link', { name: 'Device management' }).click()
    await expect.poll(focused).toBe('H1 Device management')
    await context.close()
  })

  it('signs in as MARKET; typing /market ends on the page the role allows', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/login')
    await signIn(page, DEMO.market)
    await page.waitForURL('**/dashboard/workplace')
    await page.getByTestId('side-menu').getByRole('link', { name: 'Workplace' }).waitFor()
    await expect(page.getByTestId('side-menu').getByRole('link').allTextContents()).resolves.toEqual([
      'Workplace',
      'Merchant management',
      'Device management',
      'Transactions',
      'Daily statement',
      'Pesticide tests',
      'Complaint handling',
      'Operation log',
    ])
    await page.goto('/market')
    await page.waitForURL('**/dashboard/workplace')
    await page.getByText('Welcome back, 0314888').waitFor()
    await context.close()
  })

  it('sends only the MD5 of the password over the wire', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/login')
    const request = page.waitForRequest((r) => r.url().endsWith('/api/user/login'))
    await signIn(page, DEMO.official)
    const body = (await request).postData() ?? ''
    expect(body).not.toContain(DEMO.official.password)
    expect(JSON.parse(body)).toEqual({
      username: 'official',
      password: createHash('md5').update(DEMO.official.password).digest('hex'),
    })
    await context.close()
  })

  it('shows the server reason for a wrong password and the empty-field messages', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Username cannot be empty').waitFor()
    await page.getByText('Password cannot be empty').waitFor()
    await signIn(page, { username: 'official', password: 'Wrong123' })
    await page.getByRole('alert').filter({ hasText: 'Account or password wrong' }).waitFor()
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull()
    await context.close()
  })
})

describe('deep links and unknown paths', () => {
  it('a signed-out deep link goes to sign-in, then back to the deep link', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/device?from=mail')
    await page.waitForURL(/\/login\?redirect=/)
    await signIn(page, DEMO.market)
    await page.waitForURL('**/device?from=mail')
    await page.getByRole('heading', { name: 'Device management' }).waitFor()
    await context.close()
  })

  it('an unknown path ends on not-found, after sign-in when signed out', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/no/such/page')
    await page.waitForURL(/\/login\?redirect=notFound/)
    await signIn(page, DEMO.official)
    // Signed in, the status page shows inside the console's shell, like 403 and 500.
    await page.waitForURL('**/exception/404')
    await page.getByText('Sorry, the page is gone.').waitFor()
    await page.getByTestId('side-menu').waitFor()
    await page.goto('/another/missing')
    await page.waitForURL('**/exception/404')
    await page.getByRole('button', { name: 'Back' }).waitFor()
    // Reloading a missing page cannot help: the way on is the Workplace.
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Go to workplace' }).click()
    await page.waitForURL('**/dashboard/workplace')
    // Signed out, the same page stands alone.
    await page.evaluate(() => localStorage.clear())
    await page.goto('/not-found')
    await page.getByText('Sorry, the page is gone.').waitFor()
    expect(await page.getByTestId('side-menu').count()).toBe(0)
    await context.close()
  })
})

describe('the merchant edit guard (SPEC §4)', () => {
  it('without a stored parameter key, MerchantEdit goes to the merchant list', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/login')
    await signIn(page, DEMO.market)
    await page.waitForURL('**/dashboard/workplace')
    await page.goto('/merchant/edit?key=0123456789abcdef')
    await page.waitForURL(/\/merchant\?redirect=MerchantEdit/)
    await page.getByRole('heading', { name: 'Merchant management' }).waitFor()
    await context.close()
  })
})

describe('session expiry', () => {
  it('a call answered 1001 opens the login-invalid modal; re-login goes to sign-in', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/login')
    await signIn(page, DEMO.official)
    await page.waitForURL('**/dashboard/workplace')
    // Wait for the console itself (not the Workplace's prerendered frame) before ending the session.
    await page.getByText('Welcome back, official').waitFor()
    // End the session on the server behind the page's back.
    await page.evaluate(async () => {
      const xsrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? ''
      await fetch('/api/user/logout', {
        method: 'POST',
        headers: { Authorization: localStorage.getItem('token') ?? '', 'X-XSRF-TOKEN': xsrf },
      })
    })
    const modal = page.getByTestId('login-invalid-modal')
    // The next call answers 1001: reloading the tab's data makes one, unless a background call (the
    // message box refreshing its counts) got there first, which must open the modal too.
    await Promise.race([
      modal.waitFor(),
      page
        .getByRole('button', { name: 'Reload', exact: true })
        .click()
        .catch(() => modal.waitFor()),
    ])
    await modal.getByText('Login invalid').waitFor()
    await modal.getByRole('button', { name: 'Sign in again' }).click()
    await page.waitForURL(/\/login/)
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull()
    await context.close()
  })
})

describe('language', () => {
  it('defaults to Chinese, switches without a reload and keeps the choice across reloads', async () => {
    const context = await newContext(browser, 'zh-CN')
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: '登录' }).waitFor()
    await page.getByTestId('locale-switch').selectOption('en-US')
    await page.getByText('Language switched').waitFor()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await page.reload()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await expect(page.evaluate(() => localStorage.getItem('locale'))).resolves.toBe('en-US')
    await context.close()
  })
})
