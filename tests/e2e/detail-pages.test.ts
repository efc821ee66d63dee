import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO, launchBrowser, signedInPage } from '../helpers/browser'

/**
 * The pages of a market, a merchant and a device (issue 23 §1), opened from their lists as users
 * open them, in both languages, as OFFICIAL and as a market's operator; a made-up or another market's
 * id says "not found" with the way back; a phone's width needs no sideways scroll.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/
const MADE_UP = '61111111-1111-4111-8111-111111111111'

/** Clicks the first row's link in the list's table; answers its text (the record's name or code). */
async function openFirst(page: Page, path: string, testId: string): Promise<string> {
  await page.goto(path)
  const link = page.getByRole('table').getByRole('row').nth(1).getByRole('link').first()
  const text = ((await link.textContent()) ?? '').trim()
  await link.click()
  await page.getByTestId(testId).waitFor()
  expect(page.url()).toMatch(new RegExp(`${path}/${UUID.source}$`))
  return text
}

/** WCAG 2.1 A/AA violations on the page as it is, by rule and element. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const idIn = (url: string) => url.match(UUID)?.[0] ?? ''

describe('OFFICIAL, in English', () => {
  it('opens a market, a merchant and a device from their lists, and goes on from each by its links', async () => {
    const { context, page } = await signedInPage(browser, DEMO.official)

    // A market: from its name in the list; its page links to its merchants.
    const market = await openFirst(page, '/market', 'market-detail')
    await expect.poll(() => heading(page).textContent()).toBe(market)
    const marketId = idIn(page.url())
    // Its tab and the browser's title name the market, not "Market details".
    await expect.poll(() => page.title()).toBe(`${market} · Daily Supply`)
    await page.getByTestId('tab-bar').getByRole('link', { name: market }).waitFor()
    await page.getByRole('region', { name: 'Account' }).getByText('Payment bank').waitFor()
    expect(await page.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/market/register?id=${marketId}`)
    expect(await violations(page)).toEqual([])
    await page.getByTestId('market-merchants').click()
    await page.waitForURL(new RegExp(`/merchant\\?market=${marketId}$`))

    // A merchant: from its name; the ID card is masked; its market's name opens the market.
    const merchant = await openFirst(page, '/merchant', 'merchant-detail')
    await expect.poll(() => heading(page).textContent()).toBe(merchant)
    const idCard = page.getByRole('region', { name: 'Stallholder' }).getByRole('definition').nth(1)
    await expect.poll(() => idCard.textContent()).toMatch(/^\d{3}\*{11}[\dX]{4}$/)
    expect(await violations(page)).toEqual([])
    const marketLink = page.getByRole('region', { name: 'Merchant' }).getByRole('link')
    const itsMarket = ((await marketLink.textContent()) ?? '').trim()
    await marketLink.click()
    await page.getByTestId('market-detail').waitFor()
    await expect.poll(() => heading(page).textContent()).toBe(itsMarket)

    // A device: from its code; its actions are the list's own, confirmed first (here cancelled).
    const code = await openFirst(page, '/device', 'device-detail')
    await expect.poll(() => heading(page).textContent()).toBe(code)
    await page.getByRole('button', { name: 'Unbind' }).click()
    await page.getByRole('alertdialog').getByText(code).first().waitFor()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Unbind')
    expect(await violations(page)).toEqual([])
    await page.getByRole('region', { name: 'Binding' }).getByRole('link').first().waitFor()

    // The register page keeps its own address.
    await page.goto('/market/register')
    await page.getByRole('heading', { name: 'Register market' }).waitFor()
    await context.close()
  })

  it('says "not found" for a made-up id, with the way back to the list', async () => {
    const { context, page } = await signedInPage(browser, DEMO.official)
    for (const [path, text, list] of [
      [`/market/${MADE_UP}`, 'Market not found', 'Market management'],
      [`/merchant/${MADE_UP}`, 'Merchant not found', 'Merchant management'],
      ['/device/not-a-device', 'Device not found', 'Device management'],
    ] as const) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1, name: text }).waitFor()
      await page.getByRole('link', { name: `Back to ${list}` }).click()
      await page.waitForURL(new RegExp(`${path.split('/')[1]}(\\?|$)`))
    }
    await context.close()
  })
})

describe("a device's page, as its market's operator", () => {
  it("gives the device a new secret and unbinds it with the list's own dialogs; the page then says unbound", async () => {
    const { context, page } = await signedInPage(browser, DEMO.market)
    // A counter of this test's own, bound as the console binds (the operator's market is implied).
    const code = `E2E-DTL-${Date.now() % 1_000_000}`
    const id = await page.evaluate(async (code) => {
      const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? ''
      const response = await fetch('/api/devices', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: localStorage.getItem('token') ?? '',
          'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        },
        body: JSON.stringify({ code, kind: 'passenger_counter', stallNo: 'GATE-E2E' }),
      })
      return ((await response.json()) as { data: { id: string } }).data.id
    }, code)
    await page.goto(`/device/${id}`)
    await expect.poll(() => heading(page).textContent()).toBe(code)
    await page.getByText('Offline').first().waitFor()

    await page.getByRole('button', { name: 'New secret' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'New secret' }).click()
    const secret = page.getByTestId('device-secret')
    await secret.waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click()
    await secret.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Unbind' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unbind' }).click()
    await page.getByText('Unbound', { exact: true }).first().waitFor()
    await page.getByText('Unbound at').waitFor()
    expect(await page.getByRole('button', { name: 'Unbind' }).count()).toBe(0)
    await context.close()
  })
})

describe("a market's operator, in Chinese", () => {
  it("opens its merchant, device and own market's pages, and not another market's", async () => {
    // Another market's id, as OFFICIAL sees it in the list.
    const official = await signedInPage(browser, DEMO.official)
    await official.page.goto('/market?q=0310')
    const other = official.page.getByRole('table').getByRole('row').nth(1).getByRole('link').first()
    const otherId = idIn((await other.getAttribute('href')) ?? '')
    expect(otherId).toMatch(UUID)
    await official.context.close()

    const { context, page } = await signedInPage(browser, DEMO.market)
    await page.getByTestId('locale-switch').selectOption('zh-CN')
    await page.getByRole('heading', { name: '工作台' }).first().waitFor()
    // No market group in the menu (Workplace, merchants, devices, transactions, statements, pesticide
    // tests, complaints, the operation log): the market's page is reached from its links only.
    expect(await page.getByTestId('side-menu').getByRole('group').count()).toBe(8)

    const merchant = await openFirst(page, '/merchant', 'merchant-detail')
    await expect.poll(() => heading(page).textContent()).toBe(merchant)
    await page.getByRole('button', { name: '编辑' }).waitFor()
    await page.getByRole('region', { name: '商户信息' }).getByRole('link').click()
    await page.getByTestId('market-detail').waitFor()
    expect(page.url()).toMatch(UUID)
    // Its own market: read, not edited.
    await page.getByRole('region', { name: '账号信息' }).waitFor()
    expect(await page.getByRole('link', { name: '编辑' }).count()).toBe(0)

    const code = await openFirst(page, '/device', 'device-detail')
    await expect.poll(() => heading(page).textContent()).toBe(code)
    await page.getByRole('button', { name: '更换密钥' }).waitFor()

    await page.goto(`/market/${otherId}`)
    await page.getByRole('heading', { level: 1, name: '市场不存在' }).waitFor()
    await page.getByRole('link', { name: '回到工作台' }).waitFor()
    await context.close()
  })
})

describe('at a phone’s width', () => {
  it('shows a page in one column with nothing to scroll sideways', async () => {
    const { context, page } = await signedInPage(browser, DEMO.official, { viewport: { width: 390, height: 800 } })
    await openFirst(page, '/merchant', 'merchant-detail')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await context.close()
  })
})
