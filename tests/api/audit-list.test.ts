import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { AUDIT_ACTIONS, AUDIT_AREAS, AUDIT_COUNT_CAP, type AuditList } from '../../contract/audit'
import { AUDIT_LIST, AUDIT_SORTS } from '../../contract/audit-list'
import { auditLog } from '../../server/db/schema'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { listEndpointSuite } from '../helpers/list-endpoint-suite'
import { createTestApp, type TestApp } from '../helpers/test-app'

let t: TestApp
let official: Awaited<ReturnType<typeof withOfficial>>
let a: Awaited<ReturnType<typeof withOperator>>
let b: Awaited<ReturnType<typeof withOperator>>
let total = 0
const PER_MARKET = 30

beforeAll(async () => {
  t = await createTestApp()
  official = await withOfficial(t)
  a = await withOperator(t, official, 701)
  b = await withOperator(t, official, 702)
  // Inserted directly (the list, not the writes, is under test): every area and action, a minute apart,
  // some at the same instant (the id orders those).
  const start = Date.UTC(2026, 10, 1)
  const rows = [a.marketId, b.marketId].flatMap((marketId, m) =>
    Array.from({ length: PER_MARKET }, (_, i) => ({
      actorUk: official.uk,
      area: AUDIT_AREAS[i % AUDIT_AREAS.length]!,
      action: AUDIT_ACTIONS[i % AUDIT_ACTIONS.length]!,
      recordId: marketId,
      marketId,
      at: new Date(start + Math.floor(i / 2) * 60_000 + m * 7_000),
    })),
  )
  await t.db.insert(auditLog).values(rows)
  total = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n
})
afterAll(async () => {
  await t.close()
})

listEndpointSuite({
  name: 'GET /api/audit',
  context: () => ({
    t,
    token: official.token,
    path: '/api/audit',
    total,
    scope: { operatorToken: a.token, ownMarketId: a.marketId, otherMarketId: b.marketId },
  }),
  sorts: AUDIT_SORTS,
  filters: AUDIT_LIST.filters,
  scoped: true,
  marketOf: (row) => row.market?.id,
})

describe('GET /api/audit: order and the capped total', () => {
  const list = async (query: string) =>
    (await t.call<AuditList>(`/api/audit?${query}`, { method: 'GET', token: official.token })).body.data

  it('is newest first by default', async () => {
    const times = (await list('pageSize=100')).list.map((entry) => entry.at)
    expect(times).toEqual([...times].sort().reverse())
  })

  it(`counts up to ${AUDIT_COUNT_CAP} and says when there are more`, async () => {
    await t.db.execute(sql`insert into audit_log (actor_uk, action, entity, entity_id, market_id, created_at)
      select ${official.uk}, 'edit', 'market', ${a.marketId}, ${a.marketId}::uuid, now() - n * interval '1 second'
      from generate_series(1, ${AUDIT_COUNT_CAP}) as n`)
    const capped = await list('pageSize=10')
    expect(capped).toMatchObject({ total: AUDIT_COUNT_CAP, totalCapped: true })
    expect(capped.list).toHaveLength(10)
    // B's: its registration and the rows above.
    expect(await list(`market=${b.marketId}`)).toMatchObject({ total: PER_MARKET + 1, totalCapped: false })
  })
})
