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
