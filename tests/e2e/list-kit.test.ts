import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page, Route } from 'playwright-core'
import { DEMO, launchBrowser, signedInPage } from '../helpers/browser'

/** The list kit's footer and cards, as a user meets them on the merchant list. */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const isMerchantList = (url: URL) => url.pathname === '/api/merchants'
const openMerchants = (page: Page, search = '') =>
  page.goto(page.url().replace(/\/dashboard\/workplace.*/, `/merchant${search}`))
const footer = (page: Page) => page.getByRole('navigation', { name: 'Pagination' })

describe('the list footer', () => {
  it('says nothing about a count it does not know yet, then the count', async () => {
    const { context, page } = await signedInPage(browser)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(isMerchantList, async (route: Route) => {
      await held
      await route.continue()
    })
    await openMerchants(page)
    await footer(page).getByTestId('pagination-pending').waitFor()
    expect(await footer(page).textContent()).not.toMatch(/in all|Page 1 of 1/)
    release()
    await footer(page)
      .getByText(/^\d+ in all$/)
      .waitFor()
    expect(await footer(page).getByTestId('pagination-pending').count()).toBe(0)
    await context.close()
  })

  it('goes to a page typed, from the keyboard, held to the pages there are, and refuses what is not a number', async () => {
    const { context, page } = await signedInPage(browser)
    await openMerchants(page, '?pageSize=10')
    const pageOf = footer(page).getByText(/^Page \d+ of \d+$/)
    await pageOf.waitFor()
    const pages = Number((await pageOf.textContent())?.match(/of (\d+)$/)?.[1])
    expect(pages).toBeGreaterThan(1)
    const box = footer(page).getByRole('textbox', { name: 'Go to page' })
    await box.fill('2')
    await box.press('Enter')
    await footer(page).getByText(`Page 2 of ${pages}`).waitFor()
    expect(new URL(page.url()).searchParams.get('page')).toBe('2')
    // Past the end: the last page.
    await box.fill('9999')
    await footer(page).getByRole('button', { name: 'Go' }).click()
    await footer(page).getByText(`Page ${pages} of ${pages}`).waitFor()
    // Not a number: refused, with the reason tied to the box, and the page stays.
    await box.fill('two')
    await box.press('Enter')
    await footer(page).getByRole('alert').getByText(`Enter a whole page number from 1 to ${pages}`).waitFor()
    expect(await box.getAttribute('aria-invalid')).toBe('true')
    expect(new URL(page.url()).searchParams.get('page')).toBe(String(pages))
    await context.close()
  })
})

describe('a list on a phone', () => {
  it('shows each row as a card: the number opens the first line, one font size, the actions on a line of their own', async () => {
    const { context, page } = await signedInPage(browser, DEMO.official, { viewport: { width: 390, height: 800 } })
    await openMerchants(page)
    const card = page.getByRole('row').nth(1)
    await card.getByRole('button', { name: /^Edit / }).waitFor()
    const layout = await card.evaluate((row) => {
      const cells = [...row.querySelectorAll<HTMLElement>('td')]
      const lead = row.querySelector<HTMLElement>('td[data-card-lead]')
      const actions = cells.at(-1)!
      const top = (element: Element | null | undefined) => Math.round(element?.getBoundingClientRect().top ?? -1)
      return {
        leadSharesLine: lead !== null && top(lead) === top(lead.nextElementSibling),
        fontSizes: [...new Set(cells.map((cell) => getComputedStyle(cell).fontSize))],
        actionsLabelled: actions.hasAttribute('data-label'),
        actionsAlone: cells
          .slice(0, -1)
          .every((cell) => cell.getBoundingClientRect().bottom <= actions.getBoundingClientRect().top + 1),
      }
    })
    expect(layout).toEqual({ leadSharesLine: true, fontSizes: ['14px'], actionsLabelled: false, actionsAlone: true })
    await context.close()
  })
})
