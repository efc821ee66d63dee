import { spawn } from 'node:child_process'
import { openDatabase } from '../client'
import { finishRestore, type RestoredData } from './after-restore'
import {
  assertWritable,
  BackupRefusedError,
  commitPartial,
  DamagedBackupError,
  dropPartial,
  partialOf,
  sizeOf,
} from './files'
import { findPgTool, runPgTool } from './pg-tools'
import { seal } from './seal'

/**
 * PostgreSQL is backed up with pg_dump (custom format: compressed, checksummed per block, restored
 * table by table) while the servers run: the dump is one consistent snapshot, as of its start. The
 * sessions' rows are left out of it (a backup file holds no live sign-in), the table itself is in it.
 * A restore goes into a database with the servers stopped, in one transaction (pg_restore's script
 * through psql), after the whole file
 * has been read once: a damaged file or a failed statement leaves the database as it was.
 */

type Connection = { dbname: string; env: NodeJS.ProcessEnv; name: string }

/** The URL without its password, which goes to the tools by PGPASSWORD instead of their command line. */
function connection(url: string): Connection {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  const name = `${decodeURIComponent(parsed.pathname.slice(1)) || '(default)'} on ${parsed.host}`
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, name }
}

const firstLines = (text: string) => text.trim().split('\n').slice(0, 5).join('\n')

export async function backupPostgres(url: string, file: string, force: boolean): Promise<{ bytes: number }> {
  assertWritable(file, force)
  const pgDump = findPgTool('pg_dump')
  const target = connection(url)
  const dump = await runPgTool(
    pgDump,
    [
      '--format=custom',
      '--exclude-table-data=public.sessions',
      `--file=${partialOf(file)}`,
      `--dbname=${target.dbname}`,
    ],
    { env: target.env },
  )
  try {
    if (dump.code !== 0) throw new Error(`pg_dump failed; nothing was written:\n${firstLines(dump.stderr)}`)
    await checkPgDump(partialOf(file), file)
    await seal(partialOf(file), 'postgres')
    commitPartial(file)
  } catch (error) {
    dropPartial(file)
    throw error
  }
  return { bytes: sizeOf(file) }
}

/**
 * Reads the whole dump (pg_restore writing its script nowhere): a cut file ends early and a changed
 * byte fails a block's checksum.
 */
async function checkPgDump(path: string, shownAs: string): Promise<void> {
  const pgRestore = findPgTool('pg_restore')
  const toc = await runPgTool(pgRestore, ['--list', path])
  if (toc.code !== 0) throw new DamagedBackupError(shownAs, firstLines(toc.stderr))
  const read = await runPgTool(pgRestore, ['--file=/dev/null', path])
  if (read.code !== 0) throw new DamagedBackupError(shownAs, firstLines(read.stderr))
}

/**
 * What --force runs first, in the restore's transaction: the application's schemas go whole
 * (pg_restore's own --clean cannot drop a partitioned table's partitions' keys, and would leave a
 * newer release's tables behind), and public comes back as PostgreSQL 15 makes it.
 */
const REPLACE_PRELUDE = `DROP SCHEMA IF EXISTS drizzle CASCADE;
DROP SCHEMA IF EXISTS public CASCADE;
CREATE SCHEMA public;
ALTER SCHEMA public OWNER TO pg_database_owner;
GRANT USAGE ON SCHEMA public TO PUBLIC;
`

/**
 * pg_restore's script into psql, in one transaction (psql --single-transaction commits at the end of
 * its input): the input is ended only once pg_restore has finished well, and psql is stopped
 * otherwise, so its transaction rolls back and the database is as it was.
 */
async function replaceContents(target: Connection, file: string, replace: boolean): Promise<void> {
  const pgRestore = spawn(findPgTool('pg_restore'), ['--file=-', file], { stdio: ['ignore', 'pipe', 'pipe'] })
  const psql = spawn(
    findPgTool('psql'),
    ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${target.dbname}`],
    { stdio: ['pipe', 'ignore', 'pipe'], env: target.env },
  )
  let restoreErrors = ''
  let psqlErrors = ''
  pgRestore.stderr.on('data', (chunk: Buffer) => (restoreErrors += chunk.toString()))
  psql.stderr.on('data', (chunk: Buffer) => (psqlErrors += chunk.toString()))
  // psql gone early (a failed statement): what pg_restore still writes has nowhere to go.
  psql.stdin.on('error', () => pgRestore.kill())
  const psqlDone = new Promise<number>((resolve) => psql.once('close', (code) => resolve(code ?? 1)))
  const restoreDone = new Promise<number>((resolve) => pgRestore.once('close', (code) => resolve(code ?? 1)))
  if (replace) psql.stdin.write(REPLACE_PRELUDE)
  pgRestore.stdout.pipe(psql.stdin, { end: false })
  const restoreCode = await restoreDone
  if (restoreCode === 0) psql.stdin.end()
  else psql.kill('SIGTERM')
  const psqlCode = await psqlDone
  if (restoreCode !== 0 || psqlCode !== 0)
    throw new Error(
      `The restore failed and its transaction was rolled back: ${target.name} is as it was.\n` +
        firstLines(psqlErrors || restoreErrors),
    )
}

export type PostgresRestore = RestoredData & { database: string; replaced: boolean }

/** Restores `file`, whose check line `checkSeal` has read. */
export async function restorePostgres(url: string, file: string, force: boolean): Promise<PostgresRestore> {
  const target = connection(url)
  await checkPgDump(file, file)
  const { default: postgres } = await import('postgres')
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  let tables: string[]
  try {
    const others = await admin<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`
    if ((others[0]?.n ?? 0) > 0)
      throw new BackupRefusedError(
        `${others[0]?.n} other connection(s) to ${target.name} are open: nothing was restored. ` +
          `Stop every server (and anything else) using it first.`,
      )
    const rows = await admin<{ name: string }[]>`select n.nspname || '.' || c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
      order by 1`
    tables = rows.map((row) => row.name)
  } finally {
    await admin.end({ timeout: 5 })
  }
  if (tables.length > 0 && !force)
    throw new BackupRefusedError(
      `${target.name} already holds ${tables.length} table(s) (${tables.slice(0, 3).join(', ')}…): nothing was ` +
        `restored. Restore into a new database (createdb NAME, then DATABASE_URL naming it), or add --force ` +
        `to replace what it holds.`,
    )
  await replaceContents(target, file, tables.length > 0)
  const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 1 })
  try {
    return { ...(await finishRestore(handle.db)), database: target.name, replaced: tables.length > 0 }
  } finally {
    await handle.close()
  }
}
