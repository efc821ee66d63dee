import { createInterface } from 'node:readline/promises'
import { meetsPasswordPolicy } from '../../contract/password'
import { openConfiguredDatabase } from '../db/client'
import { readEnv } from '../env'
import { createOfficialAccount } from '../user/service'

/** `npm run create-official -- <username>`: the first OFFICIAL account of a database started with DEMO=0. */
async function main() {
  const username = process.argv[2]?.trim()
  if (!username) {
    console.error('Usage: npm run create-official -- <username>   (password from OFFICIAL_PASSWORD or asked)')
    process.exit(2)
  }
  let password = process.env.OFFICIAL_PASSWORD
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout })
    password = await rl.question('Password (at least 6 characters with upper- and lowercase letters and digits): ')
    rl.close()
  }
  if (!meetsPasswordPolicy(password)) {
    console.error('The password must have at least 6 characters with upper- and lowercase letters and digits.')
    process.exit(2)
  }
  const env = readEnv()
  const handle = await openConfiguredDatabase(env, 'npm run create-official')
  try {
    const uk = await createOfficialAccount(handle.db, username, password)
    if (!uk) {
      console.error(`An account named ${username} already exists.`)
      process.exitCode = 1
      return
    }
    console.log(`Created OFFICIAL account ${username}.`)
  } finally {
    await handle.close()
  }
}

void main()
