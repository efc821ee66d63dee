import postgres from 'postgres'
import { describe, expect, it } from 'vitest'

/**
 * postgres.js 3.4.9 writes a transaction's BEGIN without reserving its connection when the connection's
 * pipeline has no room left after it (porsager/postgres#1189, #823, #1210): the transaction fails with
 * UNSAFE_TRANSACTION, or stays open on the server while unrelated queries run inside it. Seen as 500s
 * under a province's device load (bench/heartbeats.mjs), where BEGIN now and then filled a pipeline.
 * patches/postgres+3.4.9.patch (applied by `npm install`) reserves the connection whenever BEGIN was
 * written, as porsager/postgres#1211 and #1218 do. A pipeline of no room makes every BEGIN the one
 * that fills it: this fails without the patch.
 */
const url = process.env.DATABASE_URL

describe.skipIf(!url)('the PostgreSQL driver (PostgreSQL only)', () => {
  it('reserves the connection for a transaction whose BEGIN fills the pipeline', async () => {
    // `max_pipeline` is a driver option its type declarations leave out.
    const options = { max: 2, max_pipeline: 0, onnotice: () => {} }
    const sql = postgres(url as string, options)
    try {
      const [row] = await sql.begin((tx) => tx`select 1 as one`)
      expect(row?.one).toBe(1)
    } finally {
      await sql.end({ timeout: 5 })
    }
  })
})
