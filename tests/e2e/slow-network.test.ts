import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Route } from 'playwright-core'
import { launchBrowser, signedInPage } from '../helpers/browser'

/**
 * What a new operator hit on a slow or failing network: the list must stay inside the shell, say
 * what is happening where the rows would be, mark old rows as old, and offer a retry.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const isMarketList = (url: URL) => url.pathname === '/api/markets'

describe('the market list on a bad network', () => {
  it('a slow list keeps the shell and shows it is loading', async () => {
    const { context, page } = await signedInPage(browser)
    await page.route(isMarketList, async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500))
      await route.continue()
    })
    await page.getByTestId('side-menu').getByRole('link', { name: 'Market management' }).click()
    // While the answer is on its way: the menu, the page's heading and a loading state, not a blank page.
    await page.getByRole('heading', { name: 'Market management' }).waitFor()
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true)
    await page.locator('[aria-busy="true"], [data-state="loading"], [data-testid="page-skeleton"]').first().waitFor()
    await page.getByRole('row').nth(1).getByRole('link', { name: 'Edit' }).waitFor()
    await context.close()
  })

  it('a failed search keeps the old rows marked as old, says why, and retries', async () => {
    const { context, page } = await signedInPage(browser)
    await page.getByTestId('side-menu').getByRole('link', { name: 'Market management' }).click()
    await page.getByRole('row').nth(1).getByRole('link', { name: 'Edit' }).waitFor()
    let failing = true
    await page.route(isMarketList, (route: Route) => (failing ? route.abort('internetdisconnected') : route.continue()))
    await page.getByPlaceholder('Search name, account or credit code').fill('新华')
    const note = page.getByTestId('stale-note').filter({ hasText: 'Showing previous results.' })
    await note.waitFor()
    // The console is still there: no full-screen error page.
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true)
    expect(await page.getByText('500', { exact: true }).count()).toBe(0)
    failing = false
    await note.getByRole('button', { name: 'Retry' }).click()
    await note.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1)
    expect(page.url()).toContain('q=')
    await context.close()
  })
})

const isApi = (url: URL) => url.pathname.startsWith('/api/')

describe('a server out of reach', () => {
  it('a page first opened while the server is down says so, and opens by itself once it is back', async () => {
    const { context, page } = await signedInPage(browser)
    let down = true
    // The page's own files still load (as from a cache or a proxy); every API call fails on its way.
    await page.route(isApi, (route: Route) => (down ? route.abort('connectionrefused') : route.continue()))
    await page.goto('/market')
    await page.getByText('Cannot reach the server').waitFor()
    expect(await page.getByText('Could not load this').count()).toBe(0)
    down = false
    // No click on Retry: the page notices the server answering again.
    await page.getByRole('heading', { name: 'Market management' }).waitFor({ timeout: 20_000 })
    await page.getByRole('row').nth(1).getByRole('link', { name: 'Edit' }).waitFor()
    expect(await page.getByText('Cannot reach the server').count()).toBe(0)
    await context.close()
  })

  it('a page whose code could not be fetched says the server is out of reach, and opens once it is back', async () => {
    const { context, page } = await signedInPage(browser)
    await page.getByRole('heading', { name: 'Workplace' }).waitFor()
    await page.waitForTimeout(1_000)
    let down = true
    // The server goes away after the Workplace loaded: the device page's code was never fetched.
    await page.route(
      (url) => isApi(url) || url.pathname.startsWith('/assets/'),
      (route: Route) => (down ? route.abort('connectionrefused') : route.continue()),
    )
    await page.getByTestId('side-menu').getByRole('link', { name: 'Device management' }).click()
    await page.getByText('Cannot reach the server').waitFor()
    down = false
    // No click on Retry: once the server answers, the page loads afresh (a failed import() can stay failed).
    await page.getByRole('heading', { name: 'Device management' }).waitFor({ timeout: 20_000 })
    expect(await page.getByText('Cannot reach the server').count()).toBe(0)
    await context.close()
  })

  it('a list that could not reach the server fills itself once it is back', async () => {
    const { context, page } = await signedInPage(browser)
    let down = true
    await page.route(isMarketList, (route: Route) => (down ? route.abort('connectionrefused') : route.continue()))
    await page.getByTestId('side-menu').getByRole('link', { name: 'Market management' }).click()
    await page.getByText('Cannot reach the server').waitFor()
    down = false
    await page.getByRole('row').nth(1).getByRole('link', { name: 'Edit' }).waitFor({ timeout: 20_000 })
    expect(await page.getByText('Cannot reach the server').count()).toBe(0)
    await context.close()
  })
})

describe('two tabs of the market list', () => {
  it('each keeps its own search: switching tabs never writes one tab’s text into the other', async () => {
    const { context, page } = await signedInPage(browser)
    const search = page.getByPlaceholder('Search name, account or credit code')
    const query = () => new URL(page.url()).searchParams.get('q')
    await page.goto('/market?q=%E5%94%90%E5%B1%B1')
    // The list has taken over its prerendered frame (whose box is empty) and opened its tab.
    await expect.poll(() => search.inputValue()).toBe('唐山')
    await page.goto('/market?q=%E4%BF%9D%E5%AE%9A')
    await expect.poll(() => search.inputValue()).toBe('保定')
    const tabs = page.getByTestId('tab-bar').getByRole('navigation').getByRole('link')
    await tabs
      .filter({ hasText: /Market/ })
      .first()
      .click()
    await expect.poll(query).toBe('唐山')
    await expect.poll(() => search.inputValue()).toBe('唐山')
    // Longer than the search box's debounce: nothing writes the other tab's text back.
    await page.waitForTimeout(800)
    expect(query()).toBe('唐山')
    await tabs
      .filter({ hasText: /Market/ })
      .last()
      .click()
    await expect.poll(query).toBe('保定')
    await page.waitForTimeout(800)
    expect(query()).toBe('保定')
    await context.close()
  })
})
