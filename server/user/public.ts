/**
 * What other areas may use of accounts (server import rules): a market or merchant area makes and
 * manages the accounts behind its rows through these, one permission rule and one audit shape for all.
 */
export {
  createAccount,
  endSessions,
  expireSessions,
  forgetSessions,
  resetAccountPassword,
  setAccountStatus,
} from './accounts'
