import { Hono } from 'hono'
import pino from 'pino'
import { ReadRouting } from '../../server/db/read-routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppEnv, ServerDeps } from '../../server/lib/types'
import { forwardedEntry, requestContext } from '../../server/middleware/request-context'
import { THROTTLE_POLICY } from '../../server/lib/throttle'
import { KeptAnswers } from '../../server/lib/kept-answers'
import { InstanceMetrics } from '../../server/lib/instance-metrics'
import { LiveBus } from '../../server/lib/live-bus'
import { SessionCache } from '../../server/lib/session-cache'
import { createTestApp, createUser, Role, type TestApp } from '../helpers/test-app'

/** Behind TRUST_PROXY, the client address is what the trusted proxy appended, never what the client wrote. */
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

/** The request context alone, answering with the client address it settled on. */
function addressProbe(trustProxy: number) {
  const deps: ServerDeps = {
    db: t.db,
    reads: ReadRouting.primaryOnly(t.db, pino({ level: 'silent' })),
    clock: t.time.clock,
    logger: pino({ level: 'silent' }),
    config: { sessionTtlSeconds: 3600, sessionMaxAgeSeconds: 86400, trustProxy, clientDir: null, secureCookies: false },
    sessionCache: new SessionCache(),
    live: new LiveBus(),
    keptAnswers: new KeptAnswers(),
    metrics: new InstanceMetrics('test'),
  }
  const app = new Hono<AppEnv>().use(requestContext(deps)).get('/', (c) => c.text(c.var.clientAddress))
  return async (forwardedFor?: string) =>
    (await app.request('/', { headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor } })).text()
}

describe('client address', () => {
  it('TRUST_PROXY=1 takes the right-most X-Forwarded-For entry', async () => {
    const address = addressProbe(1)
    expect(await address('203.0.113.7')).toBe('203.0.113.7')
    expect(await address('1.2.3.4, 203.0.113.7')).toBe('203.0.113.7')
    expect(await address('1.2.3.4,203.0.113.7 ')).toBe('203.0.113.7')
    // No header: the socket's address (app.request has none).
    expect(await address()).toBe('unknown')
  })

  it('TRUST_PROXY=2 takes the second entry from the right, or the left-most of a shorter list', async () => {
    const address = addressProbe(2)
    expect(await address('1.2.3.4, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7')
    expect(await address('203.0.113.7, 10.0.0.2')).toBe('203.0.113.7')
    expect(await address('10.0.0.2')).toBe('10.0.0.2')
  })

  it('TRUST_PROXY=0 ignores the header', async () => {
    expect(await addressProbe(0)('203.0.113.7')).toBe('unknown')
  })

  it('forwardedEntry handles empty and odd headers', () => {
    expect(forwardedEntry(undefined, 1)).toBeNull()
    expect(forwardedEntry('', 1)).toBeNull()
    expect(forwardedEntry('a, ', 1)).toBeNull()
    expect(forwardedEntry('a, b', 0)).toBeNull()
    expect(forwardedEntry('https', 3)).toBe('https')
  })
})

describe('the address lock behind a proxy', () => {
  it('cannot be escaped by writing another address in front, nor borrowed by writing the locked one', async () => {
    await createUser(t.db, { username: 'proxied', password: 'Proxied123', role: Role.MARKET })
    // The proxy saw 203.0.113.50 every time; the client made up a new left-hand entry each time.
    for (let i = 0; i < THROTTLE_POLICY.maxPerAddress; i++) {
      expect((await t.login(`nobody${i}`, 'Guess1234', `10.9.${i}.1, 203.0.113.50`)).body.code).toBe(40100)
    }
    expect((await t.login('proxied', 'Proxied123', '10.9.99.1, 203.0.113.50')).body.code).toBe(42900)
    // Another client claiming the locked address is judged by its own.
    expect((await t.login('proxied', 'Proxied123', '203.0.113.50, 203.0.113.51')).body.code).toBe(20000)
  })
})
