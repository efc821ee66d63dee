import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../server/db/client'
import { createTestDb } from '../helpers/test-db'

/**
 * LISTEN/NOTIFY between instances (server/db/client.ts): a listening connection that is lost comes
 * back by itself, and says so, because whatever was sent while it was away was never heard (the
 * session cache then starts afresh: server/user/session-revocations.ts).
 */
const POSTGRES = Boolean(process.env.DATABASE_URL)

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(async () => {
  await handle.close()
})

const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50))
  return check()
}

describe.skipIf(!POSTGRES)('database events (PostgreSQL: PGlite is one process and never loses its listener)', () => {
  it('a listener whose connection was cut listens again, says so, and hears what is sent after', async () => {
    const heard: string[] = []
    let relistened = 0
    const stop = await handle.events.listen(
      'ds_test_relisten',
      (payload) => heard.push(payload),
      () => relistened++,
    )
    await handle.events.notify('ds_test_relisten', 'before')
    expect(await eventually(() => heard.includes('before'))).toBe(true)
    expect(relistened).toBe(0)
    await handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
    )
    expect(await eventually(() => relistened === 1)).toBe(true)
    await handle.events.notify('ds_test_relisten', 'after')
    expect(await eventually(() => heard.includes('after'))).toBe(true)
    await stop()
  })
})
