import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { DEFAULT_CREDIT_WEIGHTS } from '../../contract/credit'
import { AUDIT_EXEMPT } from '../../server/audit/exempt'
import { auditLog, merchants, pesticideTests, users } from '../../server/db/schema'
import { md5Hex } from '../../server/lib/passwords'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { deviceCall, pesticideTest, withDevice, withMerchant } from '../helpers/devices'
import { routesOf, type OpenApiDocument } from '../helpers/hostile-routes'
import { marketInput } from '../helpers/market-input'
import { merchantInput } from '../helpers/merchant-input'
import { createTestApp, createUser, Role, type TestApp } from '../helpers/test-app'

/**
 * The audit walk (issue 23 §1): every state-changing route of the OpenAPI document, called validly by
 * a caller it lets in, must leave an audit entry, unless server/audit/exempt.ts lists it with a
 * reason. A route the walk does not know how to call fails it too, so a new route cannot slip past.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

let t: TestApp
let official: Awaited<ReturnType<typeof withOfficial>>
let operator: Awaited<ReturnType<typeof withOperator>>
let documented: string[]
let serial = 800

/** Prepares, then answers the call to count. */
type Call = () => Promise<() => Promise<{ code: number }>>
type Walk = { key: string; problem: string | null }

/**
 * A valid call of each audited route, by a caller it lets in: each prepares what the call needs (a
 * market to edit, a device to unbind; their own entries are written then) and answers the call itself,
 * which alone is counted.
 */
function validCalls(): Record<string, Call> {
  const as =
    (token: string) =>
    async (path: string, body?: unknown, method = 'POST') =>
      (await t.call(path, { method, token, ...(body === undefined ? {} : { body }) })).body
  const off = as(official.token)
  const op = as(operator.token)
  const newMarket = async (n = ++serial) => {
    const answer = await off('/api/markets', marketInput(n))
    return (answer.data as { id: string }).id
  }
  const newMerchant = () => withMerchant(t, operator.token, ++serial)
  return {
    'POST /api/markets': async () => () => off('/api/markets', marketInput(++serial)),
    'PUT /api/markets/{id}': async () => {
      const n = ++serial
      const id = await newMarket(n)
      const { password: _password, ...fields } = marketInput(n)
      return () => off(`/api/markets/${id}`, { ...fields, notes: 'edited' }, 'PUT')
    },
    'PUT /api/licences/markets/{id}/rules': async () => {
      const id = await newMarket()
      return () => off(`/api/licences/markets/${id}/rules`, { licenceGraceDays: 30, complaintDeadlineDays: 10 }, 'PUT')
    },
    'PUT /api/credit/markets/{id}/weights': async () => {
      const id = await newMarket()
      return () => off(`/api/credit/markets/${id}/weights`, { ...DEFAULT_CREDIT_WEIGHTS, pesticide_failed: 5 }, 'PUT')
    },
    'POST /api/markets/{id}/freeze': async () => {
      const id = await newMarket()
      return () => off(`/api/markets/${id}/freeze`)
    },
    'POST /api/markets/{id}/unfreeze': async () => {
      const id = await newMarket()
      await off(`/api/markets/${id}/freeze`)
      return () => off(`/api/markets/${id}/unfreeze`)
    },
    'POST /api/markets/{id}/reset-password': async () => {
      const id = await newMarket()
      return () => off(`/api/markets/${id}/reset-password`)
    },
    'POST /api/merchants': async () => () => op('/api/merchants', merchantInput(++serial)),
    'PUT /api/merchants/{id}': async () => {
      const n = ++serial
      const id = await withMerchant(t, operator.token, n)
      return () => op(`/api/merchants/${id}`, { ...merchantInput(n), notes: 'edited' }, 'PUT')
    },
    'POST /api/merchants/{id}/leave': async () => {
      const id = await newMerchant()
      return () => op(`/api/merchants/${id}/leave`)
    },
    'POST /api/merchants/{id}/return': async () => {
      const id = await newMerchant()
      await op(`/api/merchants/${id}/leave`)
      return () => op(`/api/merchants/${id}/return`)
    },
    'POST /api/merchants/{id}/reset-password': async () => {
      const id = await newMerchant()
      return () => op(`/api/merchants/${id}/reset-password`)
    },
    'POST /api/devices': async () => () =>
      op('/api/devices', { code: `WALK-${++serial}`, kind: 'passenger_counter', merchantId: null, stallNo: 'GATE' }),
    'POST /api/devices/{id}/unbind': async () => {
      const { id } = await withDevice(t, operator.token, { kind: 'scale', merchantId: await newMerchant() })
      return () => op(`/api/devices/${id}/unbind`)
    },
    'POST /api/devices/{id}/rotate-secret': async () => {
      const { id } = await withDevice(t, operator.token, { kind: 'passenger_counter', stallNo: 'G' })
      return () => op(`/api/devices/${id}/rotate-secret`)
    },
    'POST /api/pesticide-tests/{id}/follow-up': async () => {
      const tester = await withDevice(t, operator.token, { kind: 'pesticide_tester', stallNo: `LAB-${++serial}` })
      const sent = await deviceCall(t, tester, '/events', {
        events: [pesticideTest(`walk-${serial}`, t.time.clock().toISOString(), 'fail', 70)],
      })
      if (sent.status !== 200) throw new Error(JSON.stringify(sent.body))
      const [test] = await t.db
        .select({ id: pesticideTests.id })
        .from(pesticideTests)
        .where(eq(pesticideTests.eventId, `walk-${serial}`))
      return () => op(`/api/pesticide-tests/${test!.id}/follow-up`, { actions: ['destroyed'], note: '' })
    },
    'POST /api/complaints': async () => () =>
      op('/api/complaints', { channel: 'phone', category: 'price', stallNo: `W-${++serial}`, description: 'walk' }),
    ...Object.fromEntries(
      (['take-up', 'resolve', 'withdraw'] as const).map((step): [string, Call] => [
        `POST /api/complaints/{id}/${step}`,
        async () => {
          const registered = await op('/api/complaints', {
            channel: 'phone',
            category: 'price',
            stallNo: `W-${++serial}`,
            description: 'walk',
          })
          const id = (registered.data as { id: string }).id
          // Resolving starts from handling.
          if (step === 'resolve') await op(`/api/complaints/${id}/take-up`, { note: '' })
          const body = step === 'resolve' ? { outcome: 'upheld', remedies: ['refund'], note: '' } : { note: '' }
          return () => op(`/api/complaints/${id}/${step}`, body)
        },
      ]),
    ),
    'POST /api/user/password': async () => {
      const username = `walker${++serial}`
      await createUser(t.db, { username, password: 'Walker123', role: Role.OFFICIAL })
      const token = await t.tokenFor(username, 'Walker123')
      return () =>
        as(token)('/api/user/password', { oldPassword: md5Hex('Walker123'), newPassword: md5Hex('Walker456') })
    },
    'POST /api/user/reset/clearpwd': async () => {
      const merchantId = await newMerchant()
      const [merchant] = await t.db
        .select({ uk: users.uk })
        .from(users)
        .innerJoin(merchants, eq(merchants.accountUk, users.uk))
        .where(eq(merchants.id, merchantId))
      return () => off('/api/user/reset/clearpwd', { uk: merchant!.uk })
    },
  }
}

const entryCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n

/** Walks the routes: what is wrong with each (null: it left an entry, or is exempt). */
async function walk(routes: string[], calls: Record<string, Call>, exempt: Readonly<Record<string, string>>) {
  const results: Walk[] = []
  for (const key of routes) {
    if (Object.hasOwn(exempt, key)) {
      results.push({ key, problem: null })
      continue
    }
    const prepare = calls[key]
    if (!prepare) {
      results.push({
        key,
        problem: 'no valid call known: add one to this walk, or the route to server/audit/exempt.ts',
      })
      continue
    }
    const call = await prepare()
    const before = await entryCount()
    const answer = await call()
    if (answer.code !== 20000) {
      results.push({ key, problem: `the valid call answered ${answer.code}` })
      continue
    }
    results.push({ key, problem: (await entryCount()) > before ? null : 'left no audit entry' })
  }
  return results
}

const problems = (results: Walk[]) => results.filter((r) => r.problem).map((r) => `${r.key}: ${r.problem}`)

beforeAll(async () => {
  t = await createTestApp()
  official = await withOfficial(t)
  operator = await withOperator(t, official, 799)
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as OpenApiDocument
  documented = routesOf(doc)
    .filter((route) => STATE_CHANGING.has(route.method))
    .map((route) => `${route.method} ${route.path}`)
})
afterAll(async () => {
  await t.close()
})

describe('the audit walk', () => {
  it('every state-changing route of the document leaves an audit entry or is exempt with a reason', async () => {
    expect(documented.length).toBeGreaterThan(15)
    const results = await walk(documented, validCalls(), AUDIT_EXEMPT)
    expect(problems(results)).toEqual([])
    // The walk called something: most routes are audited, not exempt.
    expect(results.filter((r) => !Object.hasOwn(AUDIT_EXEMPT, r.key)).length).toBeGreaterThanOrEqual(15)
  })

  it('every exempt route is in the document (a stale line would hide nothing, but says something false)', () => {
    expect(Object.keys(AUDIT_EXEMPT).filter((key) => !documented.includes(key))).toEqual([])
    for (const reason of Object.values(AUDIT_EXEMPT)) expect(reason.length).toBeGreaterThan(20)
  })

  it('fails for a route it cannot call that is not exempt, and for a call that leaves no entry', async () => {
    const results = await walk(
      ['POST /api/nowhere', 'POST /api/messages/read-all'],
      {
        'POST /api/messages/read-all': async () => async () =>
          (await t.call('/api/messages/read-all', { token: operator.token, body: { type: 'message' } })).body,
      },
      {},
    )
    expect(problems(results)).toEqual([
      'POST /api/nowhere: no valid call known: add one to this walk, or the route to server/audit/exempt.ts',
      'POST /api/messages/read-all: left no audit entry',
    ])
  })
})
