import { gunzipSync } from 'node:zlib'
import { DamagedBackupError } from './files'

/**
 * Checks an embedded database's backup (PGlite's `dumpDataDir('gzip')`: a gzipped tar of the data
 * directory) before anything is restored from it. PGlite's own loader stops quietly at a damaged
 * header and would open the half it read, so the whole file is read here first: gzip's CRC-32 and
 * length catch a cut or changed byte, each tar header's checksum a damaged header, and the archive
 * must end with its end marker and hold a PostgreSQL data directory.
 */

const BLOCK = 512
/** Files without which the directory is not a PostgreSQL database. */
const REQUIRED = ['/PG_VERSION', '/global/pg_control']

const text = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString('latin1')
    .replace(/\0[\s\S]*$/, '')
const octal = (bytes: Uint8Array) => parseInt(text(bytes).trim() || '0', 8)

/** The data directory's files in the tarball (unpacked bytes), or DamagedBackupError saying why not. */
export function checkPgliteTarball(file: string, gzipped: Uint8Array): { files: number; bytes: number } {
  let tar: Buffer
  try {
    tar = gunzipSync(gzipped)
  } catch (error) {
    throw new DamagedBackupError(file, `gzip: ${(error as Error).message}`)
  }
  const names = new Set<string>()
  let offset = 0
  for (;;) {
    if (offset + BLOCK > tar.length) throw new DamagedBackupError(file, 'the archive has no end marker')
    const header = tar.subarray(offset, offset + BLOCK)
    if (header.every((byte) => byte === 0)) break
    let sum = 0
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number)
    if (sum !== octal(header.subarray(148, 156)))
      throw new DamagedBackupError(file, `a damaged entry header at byte ${offset}`)
    const size = octal(header.subarray(124, 136))
    names.add(text(header.subarray(0, 100)))
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK
  }
  const missing = REQUIRED.filter((name) => !names.has(name))
  if (missing.length) throw new DamagedBackupError(file, `no ${missing.join(', ')}: not a database directory`)
  return { files: names.size, bytes: tar.length }
}
