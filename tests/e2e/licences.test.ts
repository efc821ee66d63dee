import { sql } from 'drizzle-orm'
import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, shanghaiToday } from '../../contract/time'
import { consoleApi, DEMO, launchBrowser, signIn, workplaceTile } from '../helpers/browser'
import { startOwnServer, type OwnServer } from '../helpers/e2e-own-server'
import { registerMerchant } from '../helpers/journey-forms'

/**
 * A merchant whose health certificate expires in 7 days (issue 26 §1): entered on the merchant's form,
 * its list row shows "Expiring", the daily licence job gives the market's operators the to-do, and the
 * Workplace's tile opens the list filtered to it. The harness has no clock of the server's to move, so
 * the days are counted from today in Shanghai, and the day's job is run again by the harness: the
 * server is stopped, the day's run forgotten in its database (scheduled_job_runs), and started again,
 * whose scheduler then runs the day (never a public endpoint).
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe('a licence expiring in 7 days', () => {
  let server: OwnServer
  const origin = () => server.origin()
  /** The harness runs today's licence job again: its run forgotten while the server is stopped. */
  const runTodaysJobAgain = () =>
    server.whileStopped((db) => db.execute(sql`DELETE FROM scheduled_job_runs WHERE job = 'licences-daily'`))

  beforeAll(async () => {
    server = await startOwnServer('licences')
  }, 180_000)
  afterAll(async () => {
    await server.remove()
  })

  it('shows "Expiring" on its row, raises the to-do, and the Workplace counts it', async () => {
    // Its own stall and names on a retry too.
    const run = Date.now() % 100_000
    const today = shanghaiToday()
    const until = addDays(today, 7)
    const page = await server.signedInOperator(browser)
    const context = page.context()

    const name = `证照测试 ${run}`
    await page.goto('/merchant/register')
    const licence = async (form: Locator, kind: string, number: string, lastDay: string) => {
      const group = form.getByRole('group', { name: kind })
      await group.getByLabel('Number').fill(number)
      await group.getByLabel('Issued by').fill('广阳区市场监督管理局')
      await group.getByLabel('Valid from').fill(addDays(lastDay, -365))
      await group.getByLabel('Valid until').fill(lastDay)
    }
    await registerMerchant(page, { name, stallNo: `L-${run}` }, run, async (form) => {
      await licence(form, 'Health certificate', `JK${run}`, until)
      await licence(form, 'Food business licence', `JY${run}`, addDays(today, 400))
    })

    // Its row in the list: the worse of its two, expiring.
    const row = page.getByRole('row').filter({ hasText: name })
    await row.waitFor()
    await row.locator('[data-licence-state="expiring"]').waitFor()
    expect(await row.getByText('Expiring').count()).toBe(1)

    // The day's job, run again by the harness: the operators' to-do.
    await runTodaysJobAgain()
    await page.reload()
    const title = `A licence expires within a week: ${until}`
    await expect
      .poll(
        async () => {
          const todos = await consoleApi<{ list: { title: string; content: string }[] }>(
            page,
            '/messages?type=todo&pageSize=100',
          )
          return todos.list.find((todo) => todo.title === title)?.content ?? ''
        },
        { timeout: 30_000 },
      )
      .toContain(`JK${run}`)

    // The Workplace's tile of expiring licences opens the list filtered to them, with this merchant.
    await page.goto('/dashboard/workplace')
    const tile = await workplaceTile(page, 'widget-licences', 'count-licence-expiring')
    expect(Number(await tile.getAttribute('data-value'))).toBeGreaterThanOrEqual(1)
    await tile.click()
    await page.waitForURL(/\/merchant\?.*licence=expiring/)
    await page.getByRole('row').filter({ hasText: name }).waitFor()

    await context.close()

    // In Chinese, on a phone, the same merchant's row says 即将到期.
    const zh = await browser.newContext({ baseURL: origin(), locale: 'zh-CN', viewport: { width: 390, height: 844 } })
    zh.setDefaultTimeout(15_000)
    const phone = await zh.newPage()
    // Signed in with the English words the helper knows, then the console switched to Chinese.
    await phone.goto('/login')
    await phone.evaluate(() => localStorage.setItem('locale', 'en-US'))
    await phone.reload()
    await signIn(phone, DEMO.market)
    await phone.waitForURL('**/dashboard/workplace')
    await phone.evaluate(() => localStorage.setItem('locale', 'zh-CN'))
    await phone.goto('/merchant?licence=expiring')
    await phone.getByText(name).first().waitFor()
    await phone.locator('[data-licence-state="expiring"]').first().waitFor()
    expect(await phone.getByText('即将到期').count()).toBeGreaterThanOrEqual(1)
    await zh.close()
  })
})
