import { afterAll, beforeAll } from 'vitest'
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_CHANNELS,
  COMPLAINT_LIST,
  COMPLAINT_SORTS,
  COMPLAINT_STATES,
} from '../../contract/complaint-list'
import { complaints } from '../../server/db/schema'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { listEndpointSuite } from '../helpers/list-endpoint-suite'
import { createTestApp, type TestApp } from '../helpers/test-app'

/** GET /api/complaints on the kit's list suite: paging, every sort both ways, filters, the market scope. */
let t: TestApp
let official: Awaited<ReturnType<typeof withOfficial>>
let a: Awaited<ReturnType<typeof withOperator>>
let b: Awaited<ReturnType<typeof withOperator>>
const PER_MARKET = 30

beforeAll(async () => {
  t = await createTestApp()
  official = await withOfficial(t)
  a = await withOperator(t, official, 711)
  b = await withOperator(t, official, 712)
  // Inserted directly (the list, not the writes, is under test): every state, channel and category,
  // some received at the same instant (the id orders those), some already past due.
  const start = t.time.clock().getTime() - 10 * 86_400_000
  const rows = [a.marketId, b.marketId].flatMap((marketId, m) =>
    Array.from({ length: PER_MARKET }, (_, i) => {
      const receivedAt = new Date(start + Math.floor(i / 2) * 3_600_000 + m * 60_000)
      return {
        marketId,
        no: i + 1,
        channel: COMPLAINT_CHANNELS[i % COMPLAINT_CHANNELS.length]!,
        category: COMPLAINT_CATEGORIES[i % COMPLAINT_CATEGORIES.length]!,
        stallNo: `L-${i}`,
        description: `list ${m} ${i}`,
        state: COMPLAINT_STATES[i % COMPLAINT_STATES.length]!,
        receivedAt,
        dueAt: new Date(receivedAt.getTime() + (i % 3) * 7 * 86_400_000),
        registeredBy: official.uk,
      }
    }),
  )
  await t.db.insert(complaints).values(rows)
})
afterAll(async () => {
  await t.close()
})

listEndpointSuite({
  name: 'GET /api/complaints',
  context: () => ({
    t,
    token: official.token,
    path: '/api/complaints',
    total: 2 * PER_MARKET,
    scope: { operatorToken: a.token, ownMarketId: a.marketId, otherMarketId: b.marketId },
  }),
  sorts: COMPLAINT_SORTS,
  filters: COMPLAINT_LIST.filters,
  scoped: true,
})
