/**
 * What other areas may use of files (server import rules): a form that references uploaded files claims
 * them in the transaction that saves it.
 */
export { claimFiles } from './claim'
