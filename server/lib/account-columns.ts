import { users } from '../db/schema'

/** What a session and an account action both need to know of an account: who, which role, which market, frozen or not. */
export const accountColumns = {
  uk: users.uk,
  username: users.username,
  role: users.role,
  status: users.status,
  marketId: users.marketId,
}
