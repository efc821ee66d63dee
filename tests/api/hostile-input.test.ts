import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basicAuth, withDevice } from '../helpers/devices'
import { answerProblem, send } from '../helpers/hostile-check'
import { randomProbe, shapeProbes, systematicProbes, type Probe, type WalkContext } from '../helpers/hostile-probes'
import { honoPath, routesOf, sampleOf, type OpenApiDocument, type Route } from '../helpers/hostile-routes'
import { printable } from '../helpers/hostile-encoding'
import { PNG } from '../helpers/images'
import { marketInput } from '../helpers/market-input'
import { createTestApp, createUser, Role } from '../helpers/test-app'

/**
 * Every route in the OpenAPI document, called anonymously, as an OFFICIAL and as a MARKET operator
 * with hostile values in its path, query and body (tests/helpers/hostile-*.ts): no answer may be a
 * 5xx, anything but the wrapper, or a status that does not mirror its code. A route added to the
 * server is walked without anyone listing it here.
 */
const SEED = 20_260_507
const RUNS = 24
const CALLERS = ['anonymous', 'official', 'market'] as const
type Caller = (typeof CALLERS)[number]

const t = await createTestApp()
const doc = (await (await t.app.request('/api/openapi.json')).json()) as OpenApiDocument

/** Routes the document leaves out (it describes the API, not itself or its viewer): walked all the same. */
const page = (path: string, rawOkTypes: string[], pathParams: string[] = []): Route => ({
  method: 'GET',
  path,
  pathParams,
  query: [],
  body: null,
  rawOkTypes,
  auth: false,
})
const UNDOCUMENTED: Route[] = [
  page('/api/openapi.json', ['application/json']),
  page('/api/docs', ['text/html']),
  page('/api/docs/assets/init.js', ['text/javascript']),
  page('/api/docs/assets/{file}', ['text/css', 'text/javascript'], ['file']),
]
/** Ends the caller's session: each call gets a session of its own (see freshTokens). */
const LOGOUT = 'POST /api/user/logout'
const ROUTES = [...routesOf(doc), ...UNDOCUMENTED]
const keyOf = (route: Route) => `${route.method} ${route.path}`

const tokens: Record<Caller, string | null> = { anonymous: null, official: null, market: null }
const samples = { targetMarketId: '', fileId: '', deviceAuth: '' }
/** Numbers new markets and sign-in names, so no call collides with an earlier one. */
let serial = 1_000

beforeAll(async () => {
  await createUser(t.db, { username: 'hostile-official', password: 'Official123', role: Role.OFFICIAL })
  tokens.official = await t.tokenFor('hostile-official', 'Official123')
  await t.call('/api/markets', { token: tokens.official, body: marketInput(1) })
  tokens.market = await t.tokenFor('0316100001', 'Market123')
  // The market the walk edits, freezes and resets is not the operator's own.
  samples.targetMarketId = (
    await t.call<{ id: string }>('/api/markets', { token: tokens.official, body: marketInput(2) })
  ).body.data.id
  samples.fileId = (
    await t.upload<{ id: string }>(PNG, { token: tokens.official, type: 'image/png', filename: 'a.png' })
  ).body.data.id
  // The device API is walked as a bound device (a user's session is never a device's credentials).
  const counter = await withDevice(t, tokens.market, { kind: 'passenger_counter', stallNo: 'GATE-1' })
  samples.deviceAuth = basicAuth(counter.code, counter.secret)
})
afterAll(async () => {
  await t.close()
})

/** Valid values, so that one hostile value at a time gets as deep as it can. */
const ctx: WalkContext = {
  pathValue: (route, name) => {
    if (name === 'file') return 'swagger-ui.css'
    // A market's credit weights on a market that exists, so valid values go as far as the recompute.
    if (route.path.startsWith('/api/markets/') || route.path.startsWith('/api/credit/markets/'))
      return samples.targetMarketId
    if (route.path.startsWith('/api/files/')) return samples.fileId
    return '33333333-3333-4333-8333-333333333333'
  },
  validBody: (route) => {
    // A new market each time (a taken username would stop the call before the hostile value is stored).
    if (keyOf(route) === 'POST /api/markets') return marketInput(serial++)
    if (keyOf(route) === 'PUT /api/markets/{id}') return marketInput(2)
    // A new name each time, or five calls would lock the name and hide what follows behind 42900.
    if (keyOf(route) === 'POST /api/user/login')
      return { ...(sampleOf(route.body ?? {}) as object), username: `walker${serial++}` }
    return route.body ? sampleOf(route.body) : null
  },
}

/**
 * A session per call for the logout walk, signed in through the API four at a time (the sign-in
 * throttle counts concurrent attempts on one name: five would lock it).
 */
async function freshTokens(caller: Caller, count: number): Promise<(string | null)[]> {
  const account = {
    anonymous: null,
    official: ['hostile-official', 'Official123'],
    market: ['0316100001', 'Market123'],
  }[caller]
  if (!account) return Array.from({ length: count }, () => null)
  const minted: string[] = []
  while (minted.length < count) {
    const batch = Math.min(4, count - minted.length)
    minted.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => t.tokenFor(account[0] as string, account[1] as string)),
      )),
    )
  }
  return minted
}

/** The walk of one route as one caller: every failure, deduplicated by where and what, to report them all at once. */
async function walk(route: Route, caller: Caller, probes: Probe[]): Promise<string[]> {
  const failures = new Set<string>()
  const logoutTokens = keyOf(route) === LOGOUT ? await freshTokens(caller, probes.length) : []
  for (const [index, probe] of probes.entries()) {
    const token =
      keyOf(route) === LOGOUT
        ? (logoutTokens[index] ?? null)
        : route.path.startsWith('/api/device/')
          ? samples.deviceAuth
          : tokens[caller]
    const problem = await answerProblem(await send(t.app, probe, token), route.rawOkTypes, probe.codes)
    if (problem) failures.add(`${probe.method} ${printable(probe.url, 100)} | ${probe.label} | ${problem}`)
  }
  return [...failures]
}

describe('hostile input', () => {
  it('the check fails what the walk must catch', async () => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    const wrapper = (code: number) => ({ code, msg: 'm', data: null, isSuccess: code === 20000 })
    expect(await answerProblem(json(500, wrapper(50000)), null)).toMatch(/^HTTP 500/)
    expect(await answerProblem(json(400, { error: 'bad' }), null)).toMatch(/not the wrapper/)
    expect(await answerProblem(json(200, wrapper(40000)), null)).toMatch(/does not mirror/)
    expect(
      await answerProblem(new Response('<p>', { status: 404, headers: { 'Content-Type': 'text/html' } }), null),
    ).toMatch(/content type text\/html/)
    expect(
      await answerProblem(new Response('<p>', { status: 200, headers: { 'Content-Type': 'text/html' } }), [
        'image/png',
      ]),
    ).toMatch(/documented image\/png/)
    expect(await answerProblem(json(200, wrapper(20000)), null, [40000])).toMatch(/expected 40000/)
    expect(await answerProblem(json(404, wrapper(40400)), null)).toBeNull()
    expect(
      await answerProblem(new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }), [
        'image/png',
      ]),
    ).toBeNull()
  })

  it('walks every API route the server has (documented, or listed above)', () => {
    const walked = new Set(ROUTES.map((route) => `${route.method} ${honoPath(route)}`))
    const served = t.app.routes
      .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL' && !route.path.includes('*'))
      .map((route) => `${route.method} ${route.path.replace(/(.)\/$/, '$1')}`)
    expect([...new Set(served)].filter((route) => !walked.has(route))).toEqual([])
  })

  // Every route documents its answer with apiDoc (server/lib/openapi.ts), which always lists the
  // invalid-input and server-error answers and says who may call; a hand-written description did not.
  it('documents every route with the one helper', () => {
    const undocumented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => !op.responses?.['400'] || !op.responses['500'] || (!op.security && !op.responses['403']))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    expect(undocumented).toEqual([])
  })

  describe.each(ROUTES.map((route) => [keyOf(route), route] as const))('%s', (_name, route) => {
    it.each(CALLERS)('as %s', async (caller) => {
      // Two walks are cut short, on purpose: logout reads no input and each of its calls costs a sign-in;
      // a public route ignores the session, so callers with one repeat the anonymous walk (sign-in
      // checks a password on most calls). Both get the request shapes and fewer generated values.
      const short = keyOf(route) === LOGOUT || (!route.auth && caller !== 'anonymous')
      const probes = [
        ...(short ? [] : systematicProbes(route, ctx)),
        ...shapeProbes(route, ctx),
        ...fc.sample(randomProbe(route, ctx), { seed: SEED, numRuns: short ? RUNS / 3 : RUNS }),
      ]
      expect(await walk(route, caller, probes)).toEqual([])
    })
  })
})
