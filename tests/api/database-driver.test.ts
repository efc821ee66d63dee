import postgres from 'postgres'
import { describe, expect, it } from 'vitest'

/**
 * postgres.js 3.4.9 writes a transaction's BEGIN without reserving its connection when the connection's
 * pipeline has no room left after it (porsager/postgres#1189, #823, #1210): the transaction fails with
 * UNSAFE_TRANSACTION, or stays open on the server while unrelated queries run inside it. Seen as 500s
 * under a province's device load (bench/heartbeats.mjs), where BEGIN now and then filled a pipeline.
 * patches/postgres+3.4.9.patch (applied by `npm install`) reserves the connection whenever BEGIN was
 * written and lets nothing else onto it after BEGIN. Upstream's open pull requests (#1211, #1218) reserve
 * it too but let the pool pipeline plain queries behind BEGIN, into the transaction: concurrent
 * transactions then waited forever; the second test catches that.
 */
const url = process.env.DATABASE_URL
// `max_pipeline` is a driver option its type declarations leave out.
const connect = (options: { max: number; max_pipeline: number }) =>
  postgres(url as string, { ...options, onnotice: () => {} } as Parameters<typeof postgres>[1])

describe.skipIf(!url)('the PostgreSQL driver (PostgreSQL only)', () => {
  it('reserves the connection for a transaction whose BEGIN fills the pipeline', async () => {
    const sql = connect({ max: 2, max_pipeline: 0 })
    try {
      const [row] = await sql.begin((tx) => tx`select 1 as one`)
      expect(row?.one).toBe(1)
    } finally {
      await sql.end({ timeout: 5 })
    }
  })

  it('keeps plain queries out of transactions and every transaction whole, at the pipeline limit under load', async () => {
    // A pipeline of two on two connections: BEGIN is often the query that fills one.
    const sql = connect({ max: 2, max_pipeline: 2 })
    try {
      // Every statement here takes a transaction id: two plain queries, or a plain query and a
      // transaction, that share one ran in one transaction.
      const plain = () => sql<{ xid: string }[]>`select txid_current()::text as xid`.then(([row]) => row?.xid)
      const transaction = () =>
        sql.begin(async (tx) => {
          const [first] = await tx<{ xid: string }[]>`select txid_current()::text as xid`
          await tx`select pg_sleep(0.002)`
          const [last] = await tx<{ xid: string }[]>`select txid_current()::text as xid`
          return { first: first?.xid, last: last?.xid }
        })
      const work = Array.from({ length: 120 }, (_, i) => (i % 3 === 0 ? transaction() : plain()))
      const settled = await Promise.race([
        Promise.all(work),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the queries never finished')), 20_000)),
      ])
      const transactions = settled.filter((x) => typeof x === 'object')
      const plainIds = settled.filter((x) => typeof x === 'string')
      expect(transactions).toHaveLength(40)
      expect(transactions.every((x) => x.first !== undefined && x.first === x.last)).toBe(true)
      const ids = [...plainIds, ...transactions.map((x) => x.first)]
      expect(new Set(ids).size).toBe(120)
    } finally {
      await sql.end({ timeout: 5 })
    }
  }, 30_000)
})
