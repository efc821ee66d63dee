import { openConfiguredDatabase } from '../db/client'
import { readEnv } from '../env'
import { clearLockout } from '../user/service'

const USAGE = `Usage: npm run clear-lockout -- <username> [--address <ip>]
Forgets the failed sign-ins counted against an account (and, with --address, against the address it
signed in from), so a locked-out user can sign in again at once. Without it the lock ends by itself
15 minutes after it started. On the embedded PGlite database, stop the server first.`

/** `npm run clear-lockout -- <username>`: ends a sign-in lockout without waiting for it. */
async function main() {
  const args = process.argv.slice(2)
  const at = args.indexOf('--address')
  const address = at >= 0 ? args[at + 1]?.trim() : undefined
  const username = args.filter((_, index) => index !== at && index !== at + 1)[0]?.trim()
  if (!username || username.startsWith('-') || (at >= 0 && !address)) {
    console.error(USAGE)
    process.exit(2)
  }
  const env = readEnv()
  const handle = await openConfiguredDatabase(env, 'npm run clear-lockout')
  try {
    const { audited } = await clearLockout(handle.db, { username, address })
    console.log(`Cleared the sign-in lockout of ${username}${address ? ` and of ${address}` : ''}.`)
    if (!audited) console.log(`(No account is named ${username}: nothing was written to the operation log.)`)
  } finally {
    await handle.close()
  }
}

void main()
