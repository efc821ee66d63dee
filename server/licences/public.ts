/**
 * What other areas may use of licences (server import rules): the merchant's and the market's forms
 * write their licences in their own transaction, and a new market's grace starts on its own day.
 */
export { writeMarketLicences, writeMerchantLicences, type LicenceChanges } from './write'
