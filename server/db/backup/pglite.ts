import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { openDatabase, openHeldDatabase } from '../client'
import { claimDataDir } from '../data-dir-lock'
import { finishRestore, type RestoredData } from './after-restore'
import {
  assertWritable,
  BackupRefusedError,
  commitPartial,
  dropPartial,
  partialOf,
  sizeOf,
  writePartial,
} from './files'
import { seal } from './seal'
import { checkPgliteTarball } from './tarball'

/**
 * The embedded database (PGlite) is backed up and restored with the server stopped: PGlite is one
 * process's database, and a command opening DATA_DIR beside a running server would run a second
 * PostgreSQL on the same files. Both claim DATA_DIR (server/db/data-dir-lock.ts) and are refused while
 * the server holds it; the server is refused while they do. The backup is PGlite's own
 * `dumpDataDir('gzip')`, the whole data directory as a gzipped tar (built in; the separate
 * @electric-sql/pglite-tools package pins another PGlite release and is not used).
 */

const WHO_BACKS_UP = 'npm run backup'
const WHO_RESTORES = 'npm run restore'

const holdsDatabase = (dataDir: string) => existsSync(`${dataDir}/PG_VERSION`)

export async function backupPglite(dataDir: string, file: string, force: boolean): Promise<{ bytes: number }> {
  if (!holdsDatabase(dataDir))
    throw new BackupRefusedError(`${dataDir} holds no database (DATA_DIR): nothing to back up.`)
  assertWritable(file, force)
  const handle = await openHeldDatabase({ databaseUrl: null, dataDir }, WHO_BACKS_UP)
  try {
    // Everything on disk in the data files, so the copy needs no recovery when it is opened.
    await handle.db.execute(sql`checkpoint`)
    if (!handle.dump) throw new Error('the embedded database cannot dump itself')
    const bytes = new Uint8Array(await (await handle.dump()).arrayBuffer())
    // Read back what is about to be the backup, as a restore will.
    checkPgliteTarball(file, bytes)
    writePartial(file, bytes)
    await seal(partialOf(file), 'pglite')
    commitPartial(file)
  } catch (error) {
    dropPartial(file)
    throw error
  } finally {
    await handle.close()
  }
  return { bytes: sizeOf(file) }
}

export type PgliteRestore = RestoredData & { replacedTo: string | null }

/**
 * Restores `file` (its check line read by `checkSeal`) into DATA_DIR: refused while a process holds it, and when it already holds data
 * unless `force` (the old directory is then kept beside it, renamed, not deleted). The backup is
 * checked whole first, unpacked into a directory beside DATA_DIR and opened there; only a copy that
 * opened takes DATA_DIR's place, so a damaged file leaves DATA_DIR as it was.
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  content: { bytes: number },
  force: boolean,
): Promise<PgliteRestore> {
  const release = claimDataDir(dataDir, WHO_RESTORES)
  const staging = `${dataDir}.restoring`
  try {
    const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0
    if (occupied && !force)
      throw new BackupRefusedError(
        `${dataDir} (DATA_DIR) already holds a database: nothing was restored. Restore into an empty DATA_DIR, ` +
          `or add --force to put the backup in its place (the current directory is kept beside it, renamed).`,
      )
    // The tarball, without the check line `checkSeal` has read.
    const bytes = readFileSync(file).subarray(0, content.bytes)
    checkPgliteTarball(file, bytes)
    rmSync(staging, { recursive: true, force: true })
    const handle = await openDatabase({ kind: 'pglite', dataDir: staging, loadDataDir: new Blob([bytes]) })
    let restored: RestoredData
    try {
      restored = await finishRestore(handle.db)
      await handle.db.execute(sql`checkpoint`)
    } finally {
      await handle.close()
    }
    let replacedTo: string | null = null
    if (existsSync(dataDir)) {
      if (occupied) {
        replacedTo = `${dataDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`
        renameSync(dataDir, replacedTo)
      } else rmSync(dataDir, { recursive: true })
    }
    renameSync(staging, dataDir)
    return { ...restored, replacedTo }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    throw error
  } finally {
    release()
  }
}
