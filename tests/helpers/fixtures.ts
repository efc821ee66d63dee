import { Role } from '../../contract/roles'
import { marketInput } from './market-input'
import { createUser, type TestApp } from './test-app'
import { typedApi } from './typed-api'

/**
 * Signed-in callers for API tests, made the way the product makes them: an OFFICIAL account, and
 * markets registered through the API with their operator signed in.
 */
let serial = 0

export async function withOfficial(t: TestApp, username = `official${++serial}`) {
  const password = 'Official123'
  const uk = await createUser(t.db, { username, password, role: Role.OFFICIAL })
  return { uk, username, token: await t.tokenFor(username, password) }
}

/** Registers market number `n` (see marketInput) as `official` and signs its operator in. */
export async function withOperator(
  t: TestApp,
  official: { token: string },
  n: number,
  overrides: Record<string, unknown> = {},
) {
  const input = marketInput(n, overrides)
  const created = await typedApi(t.call)('/markets', '$post', { json: input as never }, { token: official.token })
  if (created.body.code !== 20000) throw new Error(`could not register market ${n}: ${created.body.msg}`)
  return {
    marketId: created.body.data.id,
    username: input.accountUsername,
    token: await t.tokenFor(input.accountUsername, 'Market123'),
  }
}
