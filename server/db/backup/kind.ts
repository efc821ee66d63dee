import { openSync, readSync, closeSync } from 'node:fs'

/** What a backup file holds, from its first bytes: pg_dump's custom format, or PGlite's gzipped tarball. */
export type BackupKind = 'postgres' | 'pglite'

export const KIND_NAMES: Record<BackupKind, string> = {
  postgres: 'a PostgreSQL backup (pg_dump, custom format)',
  pglite: 'a backup of the embedded database (PGlite data directory, gzipped tar)',
}

export function backupKindOf(file: string): BackupKind | null {
  const head = Buffer.alloc(5)
  const fd = openSync(file, 'r')
  try {
    readSync(fd, head, 0, 5, 0)
  } finally {
    closeSync(fd)
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres'
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite'
  return null
}
