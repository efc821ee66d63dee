import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { RedirectSearchSchema, redirectTargetHref } from '@/lib/redirect-target'
import { signedInTarget } from './signed-in-target'

/** What src/routes/login.tsx's beforeLoad computes from the same query string. */
const routeTarget = (search: string) => {
  const redirect = new URLSearchParams(search).get('redirect') ?? undefined
  return redirectTargetHref(v.parse(RedirectSearchSchema, { redirect }).redirect)
}

describe('the /login boot script sends a signed-in visitor where the route would', () => {
  it.each([
    '',
    '?redirect=%2Fmarket',
    '?redirect=%2Fmerchant%3Fpage%3D2',
    '?redirect=notFound',
    '?redirect=%2F%2Fevil.example',
    '?redirect=%2F%5Cevil.example',
    '?redirect=https%3A%2F%2Fevil.example',
    '?redirect=%2Flogin',
    '?redirect=%2Flogin%3Fredirect%3D%2Fmarket',
    '?redirect=',
    '?redirect=javascript%3Aalert(1)',
    `?redirect=%2F${'a'.repeat(1999)}`,
    `?redirect=%2F${'a'.repeat(2000)}`,
    '?other=1',
  ])('for %s', (search) => {
    expect(signedInTarget(search)).toBe(routeTarget(search))
  })
})
