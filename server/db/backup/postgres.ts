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

/**
 * PostgreSQL is backed up with pg_dump (custom format: compressed, checksummed per block, restored
 * table by table) while the servers run: the dump is one consistent snapshot, as of its start. The
 * sessions' rows are left out of it (a backup file holds no live sign-in), the table itself is in it.
 * A restore goes into a database with the servers stopped, in one transaction, after the whole file
 * has been read once: a damaged file or a failed statement leaves the database as it was.
 */

/** The URL without its password, which goes to the tools by PGPASSWORD instead of their command line. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv; name: string } {
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
    commitPartial(file)
  } catch (error) {
    dropPartial(file)
    throw error
  }
  return { bytes: sizeOf(file) }
}

/**
 * Reads the whole dump (pg_restore writing its script nowhere): a cut file ends early and a changed
 * byte fails a block's checksum. Answers the dump's table of contents.
 */
async function checkPgDump(path: string, shownAs: string): Promise<string> {
  const pgRestore = findPgTool('pg_restore')
  const toc = await runPgTool(pgRestore, ['--list', path])
  if (toc.code !== 0) throw new DamagedBackupError(shownAs, firstLines(toc.stderr))
  const read = await runPgTool(pgRestore, ['--file=/dev/null', path])
  if (read.code !== 0) throw new DamagedBackupError(shownAs, firstLines(read.stderr))
  return toc.stdout
}

/** The tables of the dump's table of contents (`TABLE public markets postgres`), by schema-qualified name. */
function tablesIn(toc: string): Set<string> {
  const tables = new Set<string>()
  for (const line of toc.split('\n')) {
    const match = /^\d+; \d+ \d+ TABLE (\S+) (\S+) /.exec(line)
    if (match) tables.add(`${match[1]}.${match[2]}`)
  }
  return tables
}

export type PostgresRestore = RestoredData & { database: string; replaced: boolean }

export async function restorePostgres(url: string, file: string, force: boolean): Promise<PostgresRestore> {
  const target = connection(url)
  const pgRestore = findPgTool('pg_restore')
  const toc = await checkPgDump(file, file)
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
  if (tables.length > 0) {
    // --clean drops what the dump holds; a table it does not hold (a newer release's) would stay and
    // break the next migration, so that case is left to a new database.
    const inDump = tablesIn(toc)
    const extra = tables.filter((name) => !inDump.has(name))
    if (extra.length)
      throw new BackupRefusedError(
        `${target.name} holds tables the backup does not (${extra.join(', ')}): nothing was restored. ` +
          `Restore into a new database (createdb NAME) instead.`,
      )
  }
  const restore = await runPgTool(
    pgRestore,
    [
      '--single-transaction',
      '--exit-on-error',
      ...(tables.length > 0 ? ['--clean', '--if-exists'] : []),
      `--dbname=${target.dbname}`,
      file,
    ],
    { env: target.env },
  )
  if (restore.code !== 0)
    throw new Error(
      `pg_restore failed and its transaction was rolled back: ${target.name} is as it was.\n${firstLines(restore.stderr)}`,
    )
  const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 1 })
  try {
    return { ...(await finishRestore(handle.db)), database: target.name, replaced: tables.length > 0 }
  } finally {
    await handle.close()
  }
}
