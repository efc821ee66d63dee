import path from 'node:path'
import { backupPglite } from '../db/backup/pglite'
import { backupPostgres } from '../db/backup/postgres'
import { readEnv } from '../env'
import { backupArgs, failWith } from './backup-args'

const USAGE = `Usage: npm run backup -- <file> [--force]
Backs up the database the server is configured with (docs/operations.md, "Backups"):
  DATABASE_URL set: PostgreSQL, with pg_dump (custom format), while the servers run.
  DATABASE_URL unset: the embedded database in DATA_DIR, with the server STOPPED (PGlite is one
  process's database; this command is refused while the server has DATA_DIR open).
An existing <file> is replaced only with --force.`

/** `npm run backup -- <file>`: one backup of the configured database, checked whole before it is named. */
async function main() {
  const args = backupArgs(process.argv.slice(2))
  if (!args) {
    console.error(USAGE)
    process.exit(2)
  }
  const env = readEnv()
  const file = path.resolve(args.file)
  const started = Date.now()
  if (env.databaseUrl) {
    const { bytes } = await backupPostgres(env.databaseUrl, file, args.force)
    console.log(
      `Backed up the PostgreSQL database to ${file} (${bytes.toLocaleString('en-US')} bytes, pg_dump custom format,`,
    )
    console.log(`read back whole) in ${((Date.now() - started) / 1000).toFixed(1)} s. Sessions are not in it.`)
  } else {
    console.log(`Backing up the embedded database in ${env.dataDir} (the server must be stopped)…`)
    const { bytes } = await backupPglite(env.dataDir, file, args.force)
    console.log(`Backed up ${env.dataDir} to ${file} (${bytes.toLocaleString('en-US')} bytes, PGlite data directory,`)
    console.log(
      `gzipped tar, read back whole) in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server again.`,
    )
  }
}

main().catch(failWith)
