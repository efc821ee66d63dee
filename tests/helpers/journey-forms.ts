import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { pngNumber } from './images'
import { creditCodeFor } from './market-input'
import { idCardFor } from './merchant-input'

/**
 * The registration forms filled in as a person fills them (every required field, every upload), for
 * the journey across the console's areas. `run` makes names, accounts and numbers unique per run: a
 * retry meets the first attempt's rows on the same server.
 */

const image = (name: string, seed: number) => ({
  name: `${name}.png`,
  mimeType: 'image/png',
  buffer: Buffer.from(pngNumber(seed)),
})

type JourneyMarket = { name: string; username: string; password: string }

/** Fills the market form on /market/register and submits it; waits for the list's "registered". */
export async function registerMarket(page: Page, market: JourneyMarket, run: number) {
  const form = page.getByTestId('market-form')
  const field = (label: RegExp) => form.getByLabel(label)
  await field(/Payment bank/).selectOption('ICBC')
  await field(/Account username/).fill(market.username)
  await field(/Login password/).fill(market.password)
  await field(/Market name/).fill(market.name)
  await field(/Unified social credit code/).fill(creditCodeFor(run))
  await field(/Detailed address/).fill(`河北省廊坊市广阳区全程路 ${run} 号`)
  await field(/Stall count/).fill('60')
  await field(/Complaint phone/).fill('0316-7650001')
  await field(/^\*?Legal person$/).fill('孙志强')
  await field(/Legal person phone/).fill('13700003333')
  await field(/^\*?Manager$/).fill('周丽')
  await field(/Manager phone/).fill('13700004444')
  await field(/Notes/).fill('E2E journey')

  // Each upload shows its preview (with its remove button) once the server has taken it.
  const uploads = [
    ['#market-businessLicence', 'licence'],
    ['#market-operatingLicence', 'operating-licence'],
    ['#market-photos', 'market'],
  ] as const
  for (const [index, [input, name]] of uploads.entries()) {
    await page.locator(input).setInputFiles(image(name, run * 10 + index))
    await previews(form.getByRole('button', { name: 'Remove image 1' }), index + 1)
  }

  await page.getByTestId('market-submit').click()
  await page.waitForURL(/\/market(\?|$)/)
  await page.getByText(`${market.name} registered`).waitFor()
}

/** Waits until `count` previews stand in the form (the uploads answered). */
async function previews(removeButtons: Locator, count: number) {
  await removeButtons.nth(count - 1).waitFor()
}

type JourneyMerchant = { name: string; stallNo: string }

/**
 * Fills the merchant form on /merchant/register and submits it; answers the account's username.
 * `more` fills what a test adds (its licences) just before the submit.
 */
export async function registerMerchant(
  page: Page,
  merchant: JourneyMerchant,
  run: number,
  more?: (form: Locator) => Promise<void>,
): Promise<string> {
  const form = page.getByTestId('merchant-form')
  const field = (label: RegExp) => form.getByLabel(label)
  await field(/Merchant name/).fill(merchant.name)
  await field(/Stall number/).fill(merchant.stallNo)
  await field(/Contact phone/).fill('13912340001')
  await field(/Business category/).selectOption('vegetables')
  await field(/Bank merchant number/).fill(`1020${String(run).padStart(8, '0')}`)
  // Age and gender follow from the number.
  await field(/ID card number/).fill(idCardFor(run % 1000))
  await expect.poll(() => field(/^\*?Age$/).inputValue()).not.toBe('')
  await field(/Residential address/).fill('河北省廊坊市广阳区全程路 2 号')

  const uploads = [
    ['#merchant-healthCertificate', 'health-certificate'],
    ['#merchant-foodLicence', 'food-licence'],
  ] as const
  for (const [index, [input, name]] of uploads.entries()) {
    await page.locator(input).setInputFiles(image(name, run * 10 + 5 + index))
    await previews(form.getByRole('button', { name: 'Remove image 1' }), index + 1)
  }

  await more?.(form)
  await page.getByTestId('merchant-submit').click()
  await page.getByTestId('merchant-initial-password').waitFor()
  const account = (await page.getByText(/account \S+-\d{4}/).textContent()) ?? ''
  await page.getByRole('button', { name: 'Done' }).click()
  await page.waitForURL(/\/merchant(\?|$)/)
  return account.match(/\S+-\d{4}/)?.[0] ?? ''
}
