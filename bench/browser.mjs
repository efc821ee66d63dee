// Headless Chromium for the browser benches (this machine's: no download, see ../shared/NOTES.md).
import { chromium } from 'playwright-core'

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export const launchChromium = () => chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS })

/**
 * A 1440 x 900 English page signed in through the sign-in form, as a user does. Answers the browser
 * (close it when done), its page, and when the sign-in button was pressed.
 */
export async function signedInPage(base, { username, password }) {
  const browser = await launchChromium()
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } })
  await context.addInitScript(() => localStorage.setItem('locale', 'en-US'))
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  const signedInAt = Date.now()
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL('**/dashboard/workplace')
  return { browser, context, page, signedInAt }
}
