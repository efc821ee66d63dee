import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/** The complaints e2e files' shared step (tests/e2e/complaints*.test.ts). */

/** Registers a complaint through the form against the market's first merchant; answers its number. */
export async function registerThroughForm(page: Page, description: string): Promise<number> {
  await page.goto('/complaint')
  await page.getByRole('link', { name: 'Register complaint' }).click()
  const form = page.getByTestId('complaint-form')
  await form.waitFor()
  await form.getByLabel('Category').selectOption({ label: 'Short weight' })
  const merchant = form.getByRole('combobox', { name: 'Merchant' })
  await merchant.click()
  await merchant.press('ArrowDown')
  // The picker's own list (the form's selects have options too).
  const choices = page.locator(`[id="${await merchant.getAttribute('aria-controls')}"]`)
  await choices.getByRole('option').first().waitFor()
  await merchant.press('Enter')
  // The merchant's stall is filled in and held while the merchant is chosen.
  await expect.poll(() => form.getByLabel('Stall').inputValue()).not.toBe('')
  expect(await form.getByLabel('Stall').isDisabled()).toBe(true)
  await form.getByLabel('Description').fill(description)
  await form.getByLabel("Complainant's name").fill('王女士')
  await form.getByLabel("Complainant's phone").fill('13800138000')
  await page.getByTestId('complaint-submit').click()
  await page.getByTestId('complaint-detail').waitFor()
  const title = await page.getByRole('heading', { level: 1 }).textContent()
  return Number(/#(\d+)/.exec(title ?? '')?.[1])
}

/** Takes a step on the complaint's page through its dialog. */
export async function takeStep(
  page: Page,
  step: 'take_up' | 'resolve',
  fill?: (dialog: ReturnType<Page['getByTestId']>) => Promise<void>,
) {
  await page.getByTestId(`complaint-${step}`).click()
  const dialog = page.getByTestId(`complaint-${step}-dialog`)
  await dialog.waitFor()
  await fill?.(dialog)
  await dialog.getByTestId('complaint-step-submit').click()
  await dialog.waitFor({ state: 'detached' })
}
