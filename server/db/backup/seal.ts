import { createHash } from 'node:crypto'
import { appendFileSync, closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs'
import type { BackupKind } from './kind'
import { DamagedBackupError } from './files'

/**
 * Every backup ends with one check line: its kind, the length of what precedes it and that part's
 * SHA-256. pg_dump's custom format checksums its compressed data blocks but not its table of contents
 * (a changed byte in a table's definition passes pg_restore), so a restore checks this line before
 * anything else. pg_restore itself ignores the line (the file stays a pg_dump file); PGlite is given
 * only the part before it.
 */

const LINE = /\nDAILY-SUPPLY-BACKUP v1 (postgres|pglite) bytes=(\d+) sha256=([0-9a-f]{64})\n$/
const TAIL = 200

async function sha256Of(file: string, bytes: number): Promise<string> {
  const hash = createHash('sha256')
  if (bytes > 0)
    for await (const chunk of createReadStream(file, { start: 0, end: bytes - 1 })) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Appends the check line to a finished backup. */
export async function seal(file: string, kind: BackupKind): Promise<void> {
  const bytes = statSync(file).size
  appendFileSync(file, `\nDAILY-SUPPLY-BACKUP v1 ${kind} bytes=${bytes} sha256=${await sha256Of(file, bytes)}\n`)
}

/** The backup's kind and the length of its content, once its check line holds; DamagedBackupError otherwise. */
export async function checkSeal(file: string): Promise<{ kind: BackupKind; bytes: number }> {
  const size = statSync(file).size
  const tail = Buffer.alloc(Math.min(TAIL, size))
  const fd = openSync(file, 'r')
  try {
    readSync(fd, tail, 0, tail.length, size - tail.length)
  } finally {
    closeSync(fd)
  }
  const match = LINE.exec(tail.toString('latin1'))
  if (!match) throw new DamagedBackupError(file, 'its check line is missing: cut short, or not made by npm run backup')
  const [line, kind, bytes, sha256] = match as unknown as [string, BackupKind, string, string]
  if (Number(bytes) + line.length !== size)
    throw new DamagedBackupError(file, `it is ${size} bytes long, its check line says ${Number(bytes) + line.length}`)
  if ((await sha256Of(file, Number(bytes))) !== sha256)
    throw new DamagedBackupError(file, 'its SHA-256 does not match its check line: it changed after it was written')
  return { kind, bytes: Number(bytes) }
}
