import { describe, expect, it } from 'vitest'
import { Role, UserStatus } from '../../contract/roles'
import { SessionCache } from './session-cache'

const entry = (uk: string, tokenHash: string) => ({
  user: {
    uk,
    tokenHash,
    username: uk,
    role: Role.MARKET,
    status: UserStatus.NORMAL,
    marketId: null,
    avatar: null,
    registeredAt: new Date(0),
  },
  createdAtMs: 0,
  expiresAtMs: 60_000,
  lastUsedAtMs: 0,
  cachedAtMs: 0,
})

describe('SessionCache', () => {
  it('does not cache a session read before sessions ended (its NOTIFY came while the read was on the way)', () => {
    const cache = new SessionCache()
    const ticket = cache.readTicket()
    cache.forget({ uk: 'u1' })
    cache.set('t1', entry('u1', 't1'), ticket)
    expect(cache.get('t1', 1_000)).toBeNull()
    // A read begun after the end is cached.
    cache.set('t1', entry('u1', 't1'), cache.readTicket())
    expect(cache.get('t1', 1_000)).not.toBeNull()
  })

  it('forgets one token, or an account but the session that changed its password, and tells the listeners', () => {
    const cache = new SessionCache()
    const heard: unknown[] = []
    cache.onEnded((ended) => heard.push(ended))
    for (const [uk, hash] of [
      ['u1', 't1'],
      ['u1', 't2'],
      ['u2', 't3'],
    ] as const)
      cache.set(hash, entry(uk, hash))
    cache.forget({ uk: 'u1', exceptTokenHash: 't2' })
    expect(['t1', 't2', 't3'].map((hash) => cache.get(hash, 1_000) !== null)).toEqual([false, true, true])
    cache.forgetToken('t3')
    expect(cache.get('t3', 1_000)).toBeNull()
    expect(heard).toEqual([{ uk: 'u1', exceptTokenHash: 't2' }, { tokenHash: 't3' }])
  })
  it('forgets every session when its LISTEN connection came back, and caches no read begun before', () => {
    const cache = new SessionCache()
    const heard: unknown[] = []
    cache.onEnded((ended) => heard.push(ended))
    cache.set('t1', entry('u1', 't1'))
    const ticket = cache.readTicket()
    cache.forgetAll()
    expect(cache.get('t1', 1_000)).toBeNull()
    cache.set('t2', entry('u2', 't2'), ticket)
    expect(cache.get('t2', 1_000)).toBeNull()
    expect(heard).toEqual([])
  })
})
