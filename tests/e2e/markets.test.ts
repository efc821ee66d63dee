import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO, launchBrowser, signedInPage } from '../helpers/browser'
import { PNG, TEXT, pngNumber } from '../helpers/images'
import { creditCodeFor } from '../helpers/market-input'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const signedIn = (account: { username: string; password: string }) => signedInPage(browser, account)

const field = (page: Page, label: string | RegExp) => page.getByTestId('market-form').getByLabel(label)

describe('market management (OFFICIAL)', () => {
  it('registers a market with photos, finds it, edits it, resets its password and freezes it', async () => {
    const { context, page } = await signedIn(DEMO.official)
    await page.getByTestId('side-menu').getByRole('link', { name: 'Market management' }).click()
    await page.getByRole('link', { name: 'Register market' }).click()
    await page.waitForURL('**/market/register')

    // A failed submit says so and takes the user to the first bad field.
    await page.getByTestId('market-submit').click()
    await page.getByText('Some entries have errors. Please correct them and try again.').first().waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('accountUsername')

    // A malformed username typed after that submit stays refused once its availability check (400 ms
    // after typing) has had its say: the check once answered "no error" for it and cleared the format's.
    await field(page, /Account username/).fill('abc')
    await page.getByTestId('market-submit').click()
    await page.waitForTimeout(1_000)
    expect(await field(page, /Account username/).getAttribute('aria-invalid')).toBe('true')

    await field(page, /Payment bank/).selectOption('CCB')
    await field(page, /Account username/).fill('0316555001')
    await field(page, /Login password/).fill('weak')
    await field(page, /Login password/).blur()
    await page
      .getByText('At least six characters with upper- and lowercase letters and digits', { exact: true })
      .first()
      .waitFor()
    await field(page, /Login password/).fill('Newmarket1')
    await field(page, /Market name/).fill('E2E 测试农贸市场')
    await field(page, /Unified social credit code/).fill(creditCodeFor(777).slice(0, 17) + 'Z')
    await field(page, /Unified social credit code/).blur()
    await page.getByText(/Not a valid unified social credit code/).waitFor()
    await field(page, /Unified social credit code/).fill(creditCodeFor(777))
    await field(page, /Detailed address/).fill('河北省廊坊市广阳区测试路 1 号')
    await field(page, /Stall count/).fill('88')
    await field(page, /Complaint phone/).fill('0316-7654321')
    await field(page, /^\*?Legal person$/).fill('赵立国')
    await field(page, /Legal person phone/).fill('13700001111')
    await field(page, /^\*?Manager$/).fill('钱红')
    await field(page, /Manager phone/).fill('13700002222')

    // Photos: a text file is refused, a PNG uploads and shows a preview.
    const photos = page.locator('#market-photos')
    await photos.setInputFiles({ name: 'notes.png', mimeType: 'text/plain', buffer: Buffer.from(TEXT) })
    await page.getByText('Only JPEG, PNG or WebP images can be uploaded').waitFor()
    await photos.setInputFiles({ name: 'market.png', mimeType: 'image/png', buffer: Buffer.from(pngNumber(31)) })
    await page.getByRole('button', { name: 'Remove image 1' }).waitFor()
    await page
      .locator('#market-businessLicence')
      .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: Buffer.from(PNG) })
    await page.getByTestId('market-form').getByRole('button', { name: 'Remove image 1' }).first().waitFor()

    await page.getByTestId('market-submit').click()
    await page.waitForURL(/\/market(\?|$)/)
    await page.getByText('E2E 测试农贸市场 registered').waitFor()

    // Find it by search.
    await page.getByPlaceholder('Search name, account or credit code').fill('0316555001')
    await page.waitForURL(/q=0316555001/)
    const row = page.getByRole('row', { name: /E2E 测试农贸市场/ })
    await row.waitFor()
    await expect.poll(() => page.getByRole('row').count()).toBe(2)
    // A registration date is a day: no time of day beside it.
    const rowText = (await row.textContent()) ?? ''
    expect(rowText).toMatch(/\d{4}-\d{2}-\d{2}/)
    expect(rowText).not.toMatch(/\d{2}:\d{2}:\d{2}/)

    // Edit: the bank is fixed, no password asked.
    await row.getByRole('link', { name: 'Edit' }).click()
    await page.waitForURL(/\/market\/register\?id=/)
    await page.getByTestId('tab-bar').getByRole('link', { name: 'Edit market' }).waitFor()
    await expect(field(page, /Payment bank/).isDisabled()).resolves.toBe(true)
    await expect(
      page
        .getByTestId('market-form')
        .getByLabel(/Login password/)
        .count(),
    ).resolves.toBe(0)
    await field(page, /Stall count/).fill('120')
    await page.getByTestId('market-submit').click()
    await page.getByText('E2E 测试农贸市场 saved').waitFor()
    await page.waitForURL(/\/market(\?|$)/)

    // Reset the password, then sign in with it in a second browser.
    await page.getByPlaceholder('Search name, account or credit code').fill('0316555001')
    await page.getByRole('row', { name: /120/ }).waitFor()
    await page.getByRole('button', { name: 'More actions for E2E 测试农贸市场' }).click()
    await page.getByRole('menuitem', { name: 'Reset password' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset password' }).click()
    const newPassword = (await page.getByTestId('new-password').textContent()) ?? ''
    expect(newPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{6,}$/)
    await page.getByRole('button', { name: 'Done' }).click()

    const operator = await signedIn({ username: '0316555001', password: newPassword })
    await operator.page.getByText('Welcome back, 0316555001').waitFor()

    // Freeze it: the operator's session ends at its next call.
    await page.getByRole('button', { name: 'More actions for E2E 测试农贸市场' }).click()
    await page.getByRole('menuitem', { name: 'Freeze' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Freeze' }).click()
    await page.getByText('E2E 测试农贸市场 frozen').waitFor()
    await page.getByRole('row', { name: /Frozen/ }).waitFor()

    // The operator's console says why the session ended: the account was frozen, not 'expired'.
    await operator.page.getByTestId('message-box').click()
    const modal = operator.page.getByTestId('login-invalid-modal')
    await modal.getByText('Account frozen').waitFor()
    await modal.getByText(/frozen by the platform staff/).waitFor()
    await operator.context.close()
    await context.close()
  })

  it('keeps a half-filled form while the user looks at another tab', async () => {
    const { context, page } = await signedIn(DEMO.official)
    await page.getByTestId('side-menu').getByRole('link', { name: 'Market management' }).click()
    await page.getByRole('link', { name: 'Register market' }).click()
    await page.waitForURL('**/market/register')
    await field(page, /Market name/).fill('半填写的市场')
    await field(page, /Stall count/).fill('42')
    await page.getByTestId('tab-bar').getByRole('link', { name: 'Workplace' }).click()
    await page.waitForURL('**/dashboard/workplace')
    await page.getByTestId('tab-bar').getByRole('link', { name: 'Register market' }).click()
    await page.waitForURL('**/market/register')
    await expect(field(page, /Market name/).inputValue()).resolves.toBe('半填写的市场')
    await expect(field(page, /Stall count/).inputValue()).resolves.toBe('42')
    // A reload keeps the draft too, but never its password, and says why the password is empty.
    await field(page, /^\*?Login password/).fill('Secret123')
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('ds-drafts') ?? '')).toContain('半填写的市场')
    await page.reload()
    await expect.poll(() => field(page, /Market name/).inputValue()).toBe('半填写的市场')
    await expect(field(page, /^\*?Login password/).inputValue()).resolves.toBe('')
    await page.getByText('Passwords are never kept in a draft: type it again.', { exact: false }).waitFor()
    // Cancel asks before the typing is lost.
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByTestId('discard-dialog').getByRole('button', { name: 'Keep editing' }).click()
    await expect(field(page, /Market name/).inputValue()).resolves.toBe('半填写的市场')
    // Closing the tab lets the draft go.
    await page.getByRole('button', { name: 'Close Register market' }).click()
    await page.getByTestId('side-menu').getByRole('link', { name: 'Market management' }).click()
    await page.getByRole('link', { name: 'Register market' }).click()
    await page.waitForURL('**/market/register')
    await expect(field(page, /Market name/).inputValue()).resolves.toBe('')
    await context.close()
  })

  it("a form's tab closes on Cancel and returns to the list tab it came from, its search intact", async () => {
    const { context, page } = await signedIn(DEMO.official)
    await page.getByTestId('side-menu').getByRole('link', { name: 'Market management' }).click()
    await page.getByPlaceholder('Search name, account or credit code').fill('0314')
    await page.waitForURL(/q=0314/)
    const listUrl = page.url()
    await page.getByRole('link', { name: 'Register market' }).click()
    await page.waitForURL('**/market/register')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL(listUrl)
    await expect
      .poll(() =>
        page
          .getByTestId('tab-bar')
          .getByRole('link', { name: /Register market/ })
          .count(),
      )
      .toBe(0)
    await expect(page.getByPlaceholder('Search name, account or credit code').inputValue()).resolves.toBe('0314')
    await context.close()
  })

  it('a form with its errors shown redraws in the other language, keeping what was typed', async () => {
    const { context, page } = await signedIn(DEMO.official)
    await page.goto('/market/register')
    await field(page, /Market name/).fill('双语市场')
    await page.getByTestId('market-submit').click()
    await page.getByText('required fields cannot be empty').first().waitFor()
    await page.getByTestId('locale-switch').selectOption('zh-CN')
    await page.getByText('必填项不能为空').first().waitFor()
    await page.getByRole('heading', { name: '注册市场' }).waitFor()
    expect(await page.getByText('required fields cannot be empty').count()).toBe(0)
    await expect(
      page
        .getByTestId('market-form')
        .getByLabel(/市场名称/)
        .inputValue(),
    ).resolves.toBe('双语市场')
    await context.close()
  })

  it('the market switcher searches and remembers the choice', async () => {
    const { context, page } = await signedIn(DEMO.official)
    await page.getByTestId('market-switcher').click()
    await page.getByPlaceholder('Search markets').fill('新华')
    await page.getByRole('button', { name: '廊坊市新华农贸市场', exact: true }).click()
    await page.reload()
    // The Workplace's prerendered frame shows the platform's default until the console takes over.
    await expect.poll(() => page.getByTestId('market-switcher').textContent()).toContain('廊坊市新华农贸市场')
    // A click on the frame's switcher before the console has taken over is not the console's: wait for
    // the account menu to name the account (the frame's is nameless).
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(DEMO.official.username)
    // From the keyboard: type, walk down with the arrow keys, Enter takes the focused one.
    await page.getByTestId('market-switcher').click()
    await page.getByPlaceholder('Search markets').fill('保定')
    await page.getByRole('button', { name: '保定市莲池农贸市场', exact: true }).waitFor()
    // The list shows the search's own answer (not the previous one it keeps while loading).
    const firstOption = async () => (await page.locator('[data-switcher-option]').first().textContent())?.trim() ?? ''
    await expect.poll(firstOption).toMatch(/^保定市/)
    const first = await firstOption()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('market-switcher').textContent()).toContain(first)
    await context.close()
  })

  it('MARKET users have no switcher and cannot open market pages', async () => {
    const { context, page } = await signedIn(DEMO.market)
    await expect.poll(() => page.getByTestId('market-switcher').count()).toBe(0)
    await page.goto('/market/register')
    await page.waitForURL('**/dashboard/workplace')
    await context.close()
  })
})

describe('market photos', () => {
  it('the picker takes several photos at once, keeps the first three and says the rest were left out', async () => {
    const { context, page } = await signedIn(DEMO.official)
    await page.goto('/market/register')
    const photos = page.locator('#market-photos')
    await photos.setInputFiles(
      [41, 42, 43, 44].map((seed) => ({
        name: `photo-${seed}.png`,
        mimeType: 'image/png',
        buffer: Buffer.from(pngNumber(seed)),
      })),
    )
    await page.getByText('At most 3 images: the first 3 of the 4 chosen were kept.').waitFor()
    await page.getByRole('button', { name: 'Remove image 3' }).waitFor()
    expect(await page.getByRole('button', { name: 'Remove image 4' }).count()).toBe(0)
    // Full: the picker is gone.
    expect(await photos.count()).toBe(0)
    await context.close()
  })
})
