import type { ApiInput } from '../../src/lib/api-routes'
import type { TestApp } from './test-app'
import { typedApi } from './typed-api'

/** The complaints API files' shared steps (tests/api/complaint*.test.ts, credit.test.ts). */
export type ComplaintInput = ApiInput<'/complaints', '$post'>['json']

/** A complaint about short weight against `merchantId`, the complainant named. */
export const complaintInput = (merchantId: string | null, overrides: Partial<ComplaintInput> = {}): ComplaintInput => ({
  channel: 'phone',
  category: 'short_weight',
  merchantId,
  description: '买了两斤青菜，回家称只有一斤六两',
  complainantName: '王秀英',
  complainantContact: '13812345678',
  ...overrides,
})

/** Registers it as `token`'s caller; a refusal fails the setup, saying why. */
export async function registeredComplaint(t: TestApp, json: ComplaintInput, token: string) {
  const answer = await typedApi(t.call)('/complaints', '$post', { json }, { token })
  if (answer.body.code !== 20000) throw new Error(`could not register: ${answer.body.msg}`)
  return answer.body.data
}

/** Takes it up (received → handling) as `token`'s caller; a refusal fails the setup. */
export async function takenUp(t: TestApp, id: string, token: string) {
  const answer = await typedApi(t.call)(
    '/complaints/:id/take-up',
    '$post',
    { param: { id }, json: { note: '' } },
    { token },
  )
  if (answer.body.code !== 20000) throw new Error(`could not take up: ${answer.body.msg}`)
}

type Outcome = ApiInput<'/complaints/:id/resolve', '$post'>['json']['outcome']

/** Resolves it with `outcome` (remedied by a refund unless not upheld); the answer, for the test to judge. */
export const resolveComplaint = (t: TestApp, id: string, outcome: Outcome, token: string) =>
  typedApi(t.call)(
    '/complaints/:id/resolve',
    '$post',
    { param: { id }, json: { outcome, remedies: outcome === 'not_upheld' ? [] : ['refund'], note: '' } },
    { token },
  )

/** A complaint against `merchantId` registered, taken up and resolved with `outcome`: its id. */
export async function resolvedComplaint(t: TestApp, merchantId: string, outcome: Outcome, token: string) {
  const { id } = await registeredComplaint(t, complaintInput(merchantId), token)
  await takenUp(t, id, token)
  const answer = await resolveComplaint(t, id, outcome, token)
  if (answer.body.code !== 20000) throw new Error(`could not resolve: ${answer.body.msg}`)
  return id
}
