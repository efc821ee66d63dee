import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { baseURL, DEMO, launchBrowser, newContext, signedInPage } from '../helpers/browser'
import { heldCode } from '../helpers/held-code'

/**
 * Issue 24 §2–3: the Workplace paints its frame (shell, menu, tab bar, widget frames with skeletons)
 * from the HTML; its first requests start from the HTML and are not sent again; the figures arrive
 * without moving anything; the palette opens as before; charts below the fold draw as they scroll in.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** A token of the demo OFFICIAL, signed in through the form. */
async function storedSession(): Promise<string> {
  const { context, page } = await signedInPage(browser, DEMO.official)
  const token = await page.evaluate(() => localStorage.getItem('token'))
  await context.close()
  if (!token) throw new Error('no token after sign-in')
  return token
}

describe('the Workplace paints from the HTML', () => {
  it('serves the shell and the widget frames with their skeletons in the HTML, with the boot script allowed by its hash', async () => {
    const response = await fetch(`${baseURL()}/dashboard/workplace`, { headers: { 'Accept-Language': 'en-US' } })
    const html = await response.text()
    expect(html).toContain('data-prerendered="/dashboard/workplace"')
    for (const part of ['data-testid="side-menu"', 'data-testid="tab-bar"', 'data-testid="widget-today"'])
      expect(html, part).toContain(part)
    expect(html).toContain('data-slot="skeleton"')
    expect(html).toContain('Today so far')
    // Its code waits until the frame has painted (its welcome line, the largest paint, waited for the
    // code's evaluation before): every preload held, no script the parser would start.
    const { held, outside } = heldCode(html)
    expect(held.length).toBeGreaterThan(3)
    expect(held.some((link) => link.includes('data-entry'))).toBe(true)
    expect(outside).not.toMatch(/<link rel="modulepreload"/)
    expect(outside).not.toMatch(/<script[^>]*\ssrc=/)
    const csp = response.headers.get('content-security-policy') ?? ''
    const scriptSrc = /script-src[^;]*/.exec(csp)?.[0] ?? ''
    expect(scriptSrc).toContain("'sha256-")
    expect(scriptSrc).not.toContain('unsafe-inline')
  })

  it('shows the frame with JavaScript off', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, locale: 'en-US' })
    const page = await context.newPage()
    await page.goto('/dashboard/workplace')
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true)
    expect(await page.getByTestId('tab-bar').isVisible()).toBe(true)
    expect(await page.getByTestId('widget-today').getAttribute('data-state')).toBe('loading')
    expect(await page.getByRole('heading', { name: 'Today so far' }).isVisible()).toBe(true)
    await context.close()
  })

  it('sends a visitor without a session to /login before painting the console', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/dashboard/workplace')
    await page.waitForURL(/\/login\?redirect=%2Fdashboard%2Fworkplace/)
    await page.getByLabel('Username').waitFor()
    await context.close()
  })

  it('with a stored session: the figures arrive, nothing shifts, no request goes twice; the palette opens; charts draw as they scroll in', async () => {
    const token = await storedSession()
    const context = await newContext(browser)
    await context.addInitScript((token) => {
      localStorage.setItem('token', token)
      const shifts: number[] = []
      ;(window as unknown as { __shifts: number[] }).__shifts = shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: true })
    }, token)
    const page = await context.newPage()
    await page.setViewportSize({ width: 1350, height: 940 })
    const requested: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/')) requested.push(`${request.method()} ${url.pathname}${url.search}`)
    })
    await page.goto('/dashboard/workplace')
    await expect
      .poll(() => page.getByTestId('widget-today').getAttribute('data-state'), { timeout: 15_000 })
      .not.toBe('loading')
    await expect
      .poll(() => page.getByTestId('chart-daily').locator('[data-chart]').getAttribute('data-drawn'), {
        timeout: 15_000,
      })
      .toBe('svg')
    await page.waitForTimeout(500)
    const cls = await page.evaluate(() =>
      (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0),
    )
    expect(cls).toBeLessThanOrEqual(0.02)
    for (const call of ['POST /api/user/info', 'GET /api/dashboard/today'])
      expect(
        requested.filter((request) => request === call),
        call,
      ).toHaveLength(1)
    // Below the fold nothing is asked for before scrolling: neither the passenger flow's data nor the
    // chart engine; both come when it scrolls into view.
    const passengers = page.getByTestId('widget-passengers')
    expect(await passengers.getAttribute('data-state')).toBe('loading')
    expect(requested.some((request) => request.includes('/api/dashboard/passengers'))).toBe(false)
    expect(requested.some((request) => request.includes('engine'))).toBe(false)
    await passengers.scrollIntoViewIfNeeded()
    await expect.poll(() => passengers.getAttribute('data-state'), { timeout: 15_000 }).not.toBe('loading')
    // A fresh demo just after midnight has no visitors yet: then there is no chart to draw.
    if ((await passengers.getAttribute('data-state')) === 'ready') {
      await expect
        .poll(() => page.getByTestId('chart-passengers').locator('[data-chart]').getAttribute('data-painted-theme'), {
          timeout: 15_000,
        })
        .toBe('light')
      expect(await page.getByTestId('chart-passengers').locator('canvas').count()).toBeGreaterThan(0)
    }

    // The palette: from the shortcut and from its button.
    const palette = page.getByRole('dialog', { name: 'Go to' })
    await page.keyboard.press('Control+k')
    await palette.waitFor()
    await page.keyboard.press('Escape')
    await palette.waitFor({ state: 'detached' })
    await page.getByTestId('palette-button').click()
    await palette.waitFor()
    await context.close()
  })

  it('opens the palette asked for from the frame, before the code ran', async () => {
    const token = await storedSession()
    const context = await newContext(browser)
    await context.addInitScript((token) => localStorage.setItem('token', token), token)
    const page = await context.newPage()
    // The console's code is held back until the shortcut was pressed on the frame.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/dashboard/workplace', { waitUntil: 'commit' })
    await page.getByTestId('palette-button').waitFor()
    await page.keyboard.press('Control+k')
    release()
    await page.getByRole('dialog', { name: 'Go to' }).waitFor()
    await context.close()
  })
})
