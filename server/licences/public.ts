/**
 * What other areas may use of licences (server import rules): the merchant's and the market's forms
 * write their licences in their own transaction; the market list shows each market's own state.
 */
export { writeMarketLicences, writeMerchantLicences } from './write'
export { marketLicenceStates } from './queries'
