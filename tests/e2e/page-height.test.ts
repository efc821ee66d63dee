import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO, launchBrowser, signedInPage } from '../helpers/browser'

/**
 * Issue 20 §7: the Workplace scrolled ~1,200 px past its last widget (the charts' screen-reader
 * tables were hidden but still reached down the page), and the side menu scrolled away with it. Every
 * console page, as OFFICIAL (who sees them all), is as tall as what it draws, on a desktop and on a
 * phone: whatever is hidden for screen readers only takes no room.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** Below the lowest drawn box, a page may scroll this far at most (borders, rounding). */
const MARGIN_PX = 4

/**
 * How far the document scrolls past the lowest box the page draws. Boxes hidden for screen readers
 * (clipped to nothing, or inside a box of a pixel or less that hides its overflow) are not drawn;
 * a page shorter than the window is the window's height.
 */
function overscroll(page: Page) {
  return page.evaluate(() => {
    const hidden = (element: Element): boolean => {
      for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at)
        if (style.display === 'none' || style.visibility === 'hidden') return true
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true
        const box = at.getBoundingClientRect()
        if (at !== element && style.overflow !== 'visible' && (box.width <= 1 || box.height <= 1)) return true
      }
      return false
    }
    let lowest = window.innerHeight
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1 || hidden(element)) continue
      lowest = Math.max(lowest, box.bottom + window.scrollY)
    }
    const scrolls = document.scrollingElement?.scrollHeight ?? 0
    // What is hidden for screen readers is a box of a pixel (taller, it reaches down the page however
    // it is clipped; the Workplace's flow of a whole day is a table of 144 rows).
    const srOnly = [...document.body.querySelectorAll('*')].filter((element) => {
      const style = getComputedStyle(element)
      const box = element.getBoundingClientRect()
      const clipped = style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)'
      return clipped && (box.height > 1 || box.width > 1)
    })
    return {
      scrolls: Math.round(scrolls),
      lowest: Math.round(lowest),
      excess: Math.round(scrolls - lowest),
      tallHidden: srOnly.map(
        (element) => `${element.tagName.toLowerCase()} ${Math.round(element.getBoundingClientRect().height)}px`,
      ),
    }
  })
}

/** A page has drawn what it loads: its heading, no skeleton, no loading widget, its charts painted. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor()
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          // Charts draw, and the Workplace's widgets load, as they scroll into view (issue 24): bring
          // each one still waiting there.
          for (const waiting of document.querySelectorAll(
            '[data-chart]:not([data-painted-theme]), [data-testid^="widget-"][data-state="loading"]',
          ))
            waiting.scrollIntoView({ block: 'center' })
          return (
            document.querySelectorAll('[data-slot="skeleton"], [data-state="loading"], [aria-busy="true"]').length ===
              0 &&
            [...document.querySelectorAll('[data-chart]')].every((chart) => chart.hasAttribute('data-painted-theme'))
          )
        }),
      { timeout: 15_000 },
    )
    .toBe(true)
}

/** Every page the side menu offers, and the pages reached from them by the address alone. */
async function consolePages(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu')
  await menu.getByRole('link').first().waitFor()
  const links = await menu
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname))
  // The forms are reached from their lists (the merchant edit page needs a stored row: merchants.test.ts).
  return [...new Set([...links, '/market/register', '/merchant/register', '/exception/403', '/exception/404'])]
}

describe.each([
  ['a desktop', { width: 1280, height: 800 }],
  ['a phone', { width: 390, height: 844 }],
] as const)('every console page on %s', (_, viewport) => {
  it('scrolls no further than its content', async () => {
    // The side menu is listed on the desktop; the phone walks the same addresses.
    const { context, page } = await signedInPage(browser, DEMO.official, { viewport: { width: 1280, height: 800 } })
    const paths = await consolePages(page)
    expect(paths).toContain('/dashboard/workplace')
    expect(paths.length).toBeGreaterThan(4)
    await page.setViewportSize(viewport)
    const measured: Record<string, Awaited<ReturnType<typeof overscroll>>> = {}
    for (const path of paths) {
      await page.goto(path)
      await settled(page)
      measured[path] = await overscroll(page)
    }
    const tooTall = Object.entries(measured).filter(([, size]) => size.excess > MARGIN_PX)
    expect(tooTall).toEqual([])
    const takesRoom = Object.entries(measured).filter(([, size]) => size.tallHidden.length > 0)
    expect(takesRoom).toEqual([])
    await context.close()
  })
})

it('keeps the side menu in view at the bottom of the Workplace', async () => {
  const { context, page } = await signedInPage(browser, DEMO.official, { viewport: { width: 1280, height: 800 } })
  await settled(page)
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement?.scrollHeight ?? 0))
  // Scrolled: the page is taller than the window, so the menu had somewhere to go.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  const menu = await page.getByTestId('side-menu').boundingBox()
  expect(menu?.y).toBeGreaterThanOrEqual(0)
  expect(menu?.y).toBeLessThan(100)
  await context.close()
})
