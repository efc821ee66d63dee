import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../../server/db/client'

/**
 * A migration's test: an in-memory database migrated up to just before the migration whose tag ends
 * with `tagEnd`, filled by `fill` as the old schema had it, then migrated to today. Answers the
 * upgraded database (close it).
 */
export async function upgradedFrom(
  tagEnd: string,
  fill: (old: DatabaseHandle) => Promise<void>,
): Promise<DatabaseHandle> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tagEnd))
  if (index < 1) throw new Error(`no migration after the first ends with ${tagEnd}`)
  const before = mkdtempSync(join(tmpdir(), 'migrations-'))
  try {
    mkdirSync(join(before, 'meta'))
    writeFileSync(
      join(before, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }),
    )
    for (const { tag } of journal.entries.slice(0, index))
      copyFileSync(join(migrationsFolder, `${tag}.sql`), join(before, `${tag}.sql`))
    const old = await openDatabase({ kind: 'pglite' }, before)
    await old.migrate()
    await fill(old)
    const snapshot = await old.dump!()
    await old.close()
    const upgraded = await openDatabase({ kind: 'pglite', loadDataDir: snapshot })
    await upgraded.migrate()
    return upgraded
  } finally {
    rmSync(before, { recursive: true })
  }
}
