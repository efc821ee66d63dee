/**
 * What other areas may use of credit (server import rules): recomputing a merchant's rating in the
 * transaction that changed one of its inputs (a complaint resolved, a failed pesticide test stored).
 */
export { recomputeCredit } from './compute'
