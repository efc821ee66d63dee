import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, workplaceTile } from '../helpers/browser'
import { registerThroughForm, takeStep } from '../helpers/e2e-complaints'
import { startOwnServer, type OwnServer } from '../helpers/e2e-own-server'

/**
 * An overdue complaint stands out (issue 26 §2). There is no clock control in the harness, so the
 * overdue one comes from a server of its own whose market gives itself no days
 * (markets.complaint_deadline_days = 0, set in its database while it is stopped): due as it is received.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const run = String(Date.now() % 1_000_000)

describe('an overdue complaint', () => {
  let server: OwnServer
  beforeAll(async () => {
    server = await startOwnServer('overdue')
    // Every market's complaints are due as they are received.
    await server.whileStopped((db) => db.execute(sql`UPDATE markets SET complaint_deadline_days = 0`))
  }, 180_000)
  afterAll(async () => {
    await server.remove()
  })

  it('stands out in the list (a tinted row, a badge) and on its page, and the overdue filter finds it', async () => {
    const page = await server.signedInOperator(browser)
    const no = await registerThroughForm(page, `Mouldy tomatoes (${run})`)
    await page.getByTestId('complaint-detail').getByTestId('complaint-overdue').waitFor()

    await page.goto('/complaint')
    const link = page.getByRole('link', { name: `Open complaint #${no}` })
    await link.waitFor()
    const row = page.getByRole('row').filter({ has: link })
    expect(await row.getAttribute('data-tone')).toBe('danger')
    await row.getByTestId('complaint-overdue').waitFor()
    await page.getByTestId('complaints-overdue-filter').click()
    await page.waitForURL(/overdue=yes/)
    await link.waitFor()

    // The Workplace counts it among the open and the overdue, and its tile opens the filtered list.
    await page.goto('/dashboard/workplace')
    const overdueTile = await workplaceTile(page, 'widget-complaints', 'count-overdue')
    const counts = page.getByTestId('widget-complaints')
    expect(Number(await overdueTile.getAttribute('data-value'))).toBeGreaterThanOrEqual(1)
    expect(Number(await counts.getByTestId('count-received').getAttribute('data-value'))).toBeGreaterThanOrEqual(1)
    await overdueTile.click()
    await page.waitForURL(/\/complaint\?.*overdue=yes/)
    await link.waitFor()
    // Resolved, it is no longer overdue.
    await link.click()
    await takeStep(page, 'take_up')
    await takeStep(page, 'resolve', async (dialog) => {
      await dialog.getByLabel('Outcome').selectOption({ label: 'Not upheld' })
    })
    await expect.poll(() => page.getByTestId('complaint-detail').getByTestId('complaint-overdue').count()).toBe(0)
    await page.context().close()
  })
})
