import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { openDatabase } from '../../server/db/client'
import { DEMO, launchBrowser, signIn } from '../helpers/browser'
import { registerThroughForm, takeStep } from '../helpers/e2e-complaints'
import { freePort } from '../helpers/free-port'

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
  let server: ChildProcess | undefined
  let dataDir = ''
  let port = 0
  const origin = () => `http://127.0.0.1:${port}`

  /** The built server on this test's own demo database, as tests/helpers/e2e-server.ts starts the shared one. */
  async function start() {
    server = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    const deadline = Date.now() + 60_000
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`)
      const up = await fetch(`${origin()}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
      if (up) return
      if (Date.now() > deadline) throw new Error('server did not start within 60 s')
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  async function stop() {
    if (!server || server.exitCode !== null) return
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ds-e2e-overdue-'))
    port = await freePort()
    await start()
    await stop()
    // Every market's complaints are due as they are received (PGlite: only while no server has it open).
    const handle = await openDatabase({ kind: 'pglite', dataDir })
    await handle.db.execute(sql`UPDATE markets SET complaint_deadline_days = 0`)
    await handle.close()
    await start()
  }, 180_000)
  afterAll(async () => {
    await stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('stands out in the list (a tinted row, a badge) and on its page, and the overdue filter finds it', async () => {
    const context = await browser.newContext({ baseURL: origin(), locale: 'en-US' })
    context.setDefaultTimeout(15_000)
    await context.addInitScript(() => localStorage.setItem('locale', 'en-US'))
    const page = await context.newPage()
    await page.goto('/login')
    await signIn(page, DEMO.market)
    await page.waitForURL('**/dashboard/workplace')
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
    const counts = page.getByTestId('widget-complaints')
    await counts.scrollIntoViewIfNeeded()
    const overdueTile = counts.getByTestId('count-overdue')
    await overdueTile.waitFor()
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
    await context.close()
  })
})
