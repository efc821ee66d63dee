import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { openDatabase, type Database } from '../../server/db/client'
import { DEMO, signIn } from './browser'
import { freePort } from './free-port'

/**
 * A built server on a demo database of its own, for an e2e test that sets up what the shared server
 * must not have (a market that gives itself no days, a day's job run again). The harness has no clock
 * of the server's to move: a test changes the database while the server is stopped (PGlite: one
 * process at a time), never through a public endpoint. tests/helpers/e2e-server.ts starts the shared one.
 */
export type OwnServer = {
  origin: () => string
  /** Stops the server, lets `change` write its database, starts it again. */
  whileStopped: (change: (db: Database) => Promise<unknown>) => Promise<void>
  /** A page signed in as the demo's market operator, in English (the words the tests look for). */
  signedInOperator: (browser: Browser) => Promise<Page>
  remove: () => Promise<void>
}

export async function startOwnServer(name: string): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `ds-e2e-${name}-`))
  const port = await freePort()
  const origin = () => `http://127.0.0.1:${port}`
  let server: ChildProcess | undefined

  async function start() {
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    server = child
    const deadline = Date.now() + 60_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
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
    const child = server
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }

  // The first start seeds the demo (and its jobs run over it); signing in is quick from the second.
  await start()
  await stop()
  await start()
  return {
    origin,
    async whileStopped(change) {
      await stop()
      const handle = await openDatabase({ kind: 'pglite', dataDir })
      try {
        await change(handle.db)
      } finally {
        await handle.close()
      }
      await start()
    },
    async signedInOperator(browser) {
      const context = await browser.newContext({ baseURL: origin(), locale: 'en-US' })
      context.setDefaultTimeout(15_000)
      await context.addInitScript(() => localStorage.setItem('locale', 'en-US'))
      const page = await context.newPage()
      await page.goto('/login')
      await signIn(page, DEMO.market)
      await page.waitForURL('**/dashboard/workplace')
      return page
    },
    async remove() {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
