/** What a backup holds: a pg_dump (custom format) of PostgreSQL, or PGlite's gzipped data directory. */
export type BackupKind = 'postgres' | 'pglite'

export const KIND_NAMES: Record<BackupKind, string> = {
  postgres: 'a PostgreSQL backup (pg_dump, custom format)',
  pglite: 'a backup of the embedded database (PGlite data directory, gzipped tar)',
}
