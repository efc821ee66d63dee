import { existsSync } from 'node:fs'
import path from 'node:path'
import type { RestoredData } from '../db/backup/after-restore'
import { KIND_NAMES } from '../db/backup/kind'
import { restorePglite } from '../db/backup/pglite'
import { restorePostgres } from '../db/backup/postgres'
import { checkSeal } from '../db/backup/seal'
import { readEnv } from '../env'
import { backupArgs, failWith } from './backup-args'

const USAGE = `Usage: npm run restore -- <file> [--force]
Restores a backup made by npm run backup into the database the server is configured with, with
every server stopped (docs/operations.md, "The restore drill"):
  DATABASE_URL set: into that PostgreSQL database, with pg_restore, in one transaction.
  DATABASE_URL unset: into DATA_DIR as the embedded database.
The file is read whole first; a damaged one is refused and nothing changes. A database that already
holds data is replaced only with --force. Every session ends: everyone signs in again.`

function report(restored: RestoredData) {
  const { counts } = restored
  console.log(
    `  It holds ${counts.markets} markets, ${counts.merchants} merchants, ${counts.devices} devices, ` +
      `${counts.transactions} payments and refunds, ${counts.auditEntries} audit entries.`,
  )
  console.log(
    `  Newest payment or refund: ${restored.newestTransaction ?? 'none'} (UTC); newest audit entry: ${restored.newestAuditEntry ?? 'none'} (UTC).`,
  )
  console.log(`  Ended ${restored.sessionsEnded} session(s) the backup held: everyone signs in again.`)
  console.log('  Lost: everything written after the backup was taken, including device events acknowledged since')
  console.log('  (the devices dropped them), and freezes, unbindings and secret renewals done since: redo them.')
  console.log('  See docs/operations.md, "What a restore costs". Then start the server(s).')
}

/** `npm run restore -- <file>`: a backup back into the configured database, or a clear refusal. */
async function main() {
  const args = backupArgs(process.argv.slice(2))
  if (!args) {
    console.error(USAGE)
    process.exit(2)
  }
  const env = readEnv()
  const file = path.resolve(args.file)
  if (!existsSync(file)) failWith(`${file} does not exist: nothing was restored.`)
  const content = await checkSeal(file)
  const { kind } = content
  const target = env.databaseUrl ? 'postgres' : 'pglite'
  if (kind !== target)
    failWith(
      `${file} is ${KIND_NAMES[kind]}, but the configured database is ` +
        `${target === 'postgres' ? 'PostgreSQL (DATABASE_URL is set)' : 'the embedded one (DATABASE_URL is unset)'}: nothing was restored. ` +
        `Restore it into the kind of database it was taken from.`,
    )
  if (env.databaseUrl) {
    const restored = await restorePostgres(env.databaseUrl, file, args.force)
    console.log(
      `Restored ${file} into ${restored.database}${restored.replaced ? ', replacing what it held (--force)' : ''}, in one transaction.`,
    )
    report(restored)
  } else {
    const restored = await restorePglite(env.dataDir, file, content, args.force)
    console.log(`Restored ${file} into ${env.dataDir} (the embedded database).`)
    if (restored.replacedTo)
      console.log(`  The data it replaced (--force) is kept in ${restored.replacedTo}: delete it when sure.`)
    report(restored)
  }
}

main().catch(failWith)
