import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'

/**
 * PGlite is one process's database: two processes opening the same DATA_DIR each run their own
 * PostgreSQL on the same files and damage them. PGlite's own `postmaster.pid` does not tell them
 * apart (it always holds the pid -42 and stays after a crash), so whoever opens DATA_DIR (the server,
 * a command) first writes `<DATA_DIR>.lock` beside it with its real process id. A lock whose process
 * is gone (a crash, SIGKILL) is taken over. The file sits beside the directory, not in it: PGlite's
 * dump takes the whole directory, and a backup must not carry a lock into the data it restores.
 */

export type DataDirHolder = { pid: number; host: string; what: string; since: string }

export class DataDirBusyError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      `${holder.what} (process ${holder.pid}, since ${holder.since}) has the embedded database open. ` +
        `Stop it first. If no such process runs any more, delete ${lockPath}.`,
    )
    this.name = 'DataDirBusyError'
  }
}

export const lockPathOf = (dataDir: string) => `${dataDir.replace(/[/\\]+$/, '')}.lock`

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readHolder(lockPath: string): DataDirHolder | null {
  try {
    const holder = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<DataDirHolder>
    return typeof holder.pid === 'number' ? (holder as DataDirHolder) : null
  } catch {
    return null
  }
}

/** Who holds `dataDir` now, or null when nobody does (no lock, or its process is gone). */
export function dataDirHolder(dataDir: string): DataDirHolder | null {
  const holder = readHolder(lockPathOf(dataDir))
  if (!holder) return null
  // Another machine's process (a shared disk) cannot be checked from here: taken as running.
  return holder.host !== hostname() || isRunning(holder.pid) ? holder : null
}

/**
 * Claims `dataDir` for this process (`what` names it in the message another process gets); answers
 * how to give it back. Throws DataDirBusyError when a running process holds it.
 */
export function claimDataDir(dataDir: string, what: string): () => void {
  const lockPath = lockPathOf(dataDir)
  const mine: DataDirHolder = { pid: process.pid, host: hostname(), what, since: new Date().toISOString() }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, JSON.stringify(mine), { flag: 'wx' })
      return () => {
        if (readHolder(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = dataDirHolder(dataDir)
      if (holder) throw new DataDirBusyError(lockPath, holder)
      // Left by a process that is gone: take it over (once; a second race loser reports the winner).
      rmSync(lockPath, { force: true })
    }
  }
  const holder = readHolder(lockPath)
  throw new DataDirBusyError(lockPath, holder ?? { ...mine, what: 'another process' })
}
