import { randomUUID } from 'node:crypto'
import { createInterface } from 'node:readline/promises'
import { eq } from 'drizzle-orm'
import { meetsPasswordPolicy } from '../../contract/password'
import { Role, UserStatus } from '../../contract/roles'
import { openDatabase } from '../db/client'
import { users } from '../db/schema'
import { readEnv } from '../env'
import { hashPassword, md5Hex } from '../user/passwords'

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
  const handle = await openDatabase(env.databaseUrl ? { kind: 'postgres', url: env.databaseUrl } : { kind: 'pglite', dataDir: env.dataDir })
  try {
    await handle.migrate()
    const [existing] = await handle.db.select({ uk: users.uk }).from(users).where(eq(users.username, username)).limit(1)
    if (existing) {
      console.error(`An account named ${username} already exists.`)
      process.exitCode = 1
      return
    }
    await handle.db.insert(users).values({
      uk: randomUUID(),
      username,
      passwordHash: await hashPassword(md5Hex(password)),
      role: Role.OFFICIAL,
      status: UserStatus.NORMAL,
    })
    console.log(`Created OFFICIAL account ${username}.`)
  } finally {
    await handle.close()
  }
}

void main()
