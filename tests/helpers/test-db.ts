import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../server/db/client'

/**
 * A database of its own for one test file: in-memory PGlite loaded from the migrated snapshot, or,
 * when DATABASE_URL is set, a new PostgreSQL database that is dropped again on close.
 */
export async function createTestDb(): Promise<DatabaseHandle & { url?: string }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const snapshot = readFileSync(inject('pgliteSnapshot'))
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([snapshot]) })
  }
  const { default: postgres } = await import('postgres')
  const name = `ds_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const handle = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), maxConnections: 4 })
  await handle.migrate()
  return {
    ...handle,
    url: dbUrl.toString(),
    close: async () => {
      await handle.close()
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end({ timeout: 5 })
    },
  }
}
