import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/db/client'

export const SNAPSHOT_PATH = path.resolve('.tmp/pglite-migrated.tar.gz')

/**
 * A fresh PGlite takes seconds to start and migrate; do it once per run and let every test file load
 * the migrated snapshot into its own in-memory database (about a second, fully isolated).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return
  const handle = await openDatabase({ kind: 'pglite' })
  await handle.migrate()
  if (!handle.dump) throw new Error('PGlite handle without dump()')
  const dump = await handle.dump()
  mkdirSync(path.dirname(SNAPSHOT_PATH), { recursive: true })
  writeFileSync(SNAPSHOT_PATH, Buffer.from(await dump.arrayBuffer()))
  await handle.close()
  project.provide('pgliteSnapshot', SNAPSHOT_PATH)
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string
  }
}
