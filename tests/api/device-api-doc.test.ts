import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basicAuth } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { merchantInput } from '../helpers/merchant-input'
import { createTestApp, type Answer, type TestApp } from '../helpers/test-app'

/**
 * docs/device-api.md is the terminal makers' contract: its JSON examples are sent, in the document's
 * order, as a bound payment terminal, and each documented answer must be the server's, word for word;
 * its table of reasons must be the server's reasons (the device_reason_* messages). Examples say what
 * they are in the fence's info string (GitHub shows only the language):
 *   ```json POST /api/device/v1/events                          a request body, sent
 *   ```json answer                                              the answer to the last request
 *   ```json answer to POST /api/device/v1/heartbeat [with a wrong secret]   a call without a body
 */

const DOC = readFileSync(new URL('../../docs/device-api.md', import.meta.url), 'utf8')
const MESSAGES = JSON.parse(readFileSync(new URL('../../messages/en-US.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>
const REASON_PREFIX = 'device_reason_'

/** The examples' device (its code and stall are the heartbeat example's) and the clock the examples assume. */
const DEVICE = { code: 'PT-0001', stallNo: 'A-012' }
const DOC_NOW = new Date('2026-11-23T00:30:00.000Z')

type Example = { info: string; json: string; line: number }

function examples(markdown: string): Example[] {
  return [...markdown.matchAll(/^```json([^\n]*)\n([\s\S]*?)^```/gm)].map((match) => ({
    info: (match[1] ?? '').trim(),
    json: match[2] ?? '',
    line: markdown.slice(0, match.index).split('\n').length,
  }))
}

/** The words in the first column of the table under "### Reasons" (its rows, not its header). */
function documentedReasons(markdown: string): string[] {
  const section =
    markdown
      .split(/^### Reasons$/m)[1]
      ?.split(/^#/m)[0]
      ?.split(/^\| --- .*$/m)[1] ?? ''
  return [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1] as string)
}

let t: TestApp
let secret: string

beforeAll(async () => {
  t = await createTestApp()
  const official = await withOfficial(t)
  const operator = await withOperator(t, official, 1)
  const merchant = await t.call<{ id: string }>('/api/merchants', {
    token: operator.token,
    body: merchantInput(1, { stallNo: DEVICE.stallNo }),
  })
  const bound = await t.call<{ secret: string }>('/api/devices', {
    token: operator.token,
    body: { code: DEVICE.code, kind: 'payment_terminal', merchantId: merchant.body.data.id, stallNo: '' },
  })
  expect(bound.body.code).toBe(20000)
  secret = bound.body.data.secret
  t.time.advance(DOC_NOW.getTime() - t.time.clock().getTime())
})
afterAll(async () => {
  await t.close()
})

const send = (path: string, body: unknown, wrongSecret = false): Promise<Answer> =>
  t.call(path, {
    token: basicAuth(DEVICE.code, wrongSecret ? `${secret}-wrong` : secret),
    xsrf: false,
    ...(body === undefined ? {} : { body }),
  })

describe('docs/device-api.md', () => {
  it('has examples to send, and says what each one is', () => {
    const found = examples(DOC)
    expect(found.filter((example) => example.info.startsWith('POST')).length).toBeGreaterThanOrEqual(2)
    expect(found.filter((example) => example.info.startsWith('answer')).length).toBeGreaterThanOrEqual(4)
  })

  it('answers every example as the document says', async () => {
    let last: Answer | null = null
    for (const { info, json, line } of examples(DOC)) {
      const where = `docs/device-api.md:${line} (${info || 'no info'})`
      const value: unknown = JSON.parse(json)
      const request = /^POST (\/api\/device\/v1\/[a-z]+)$/.exec(info)
      const bodiless = /^answer to POST (\/api\/device\/v1\/[a-z]+)( with a wrong secret)?$/.exec(info)
      if (request) {
        last = await send(request[1] as string, value)
      } else if (bodiless) {
        const answer = await send(bodiless[1] as string, undefined, Boolean(bodiless[2]))
        expect(answer.body, where).toEqual(value)
        expect(answer.status, where).toBe(answer.body.code === 20000 ? 200 : Math.floor(answer.body.code / 100))
      } else if (info === 'answer') {
        expect(last, `${where}: an answer with no request before it`).not.toBeNull()
        expect(last?.body, where).toEqual(value)
        expect(last?.status, where).toBe(last?.body.code === 20000 ? 200 : Math.floor((last?.body.code ?? 0) / 100))
      } else {
        expect.fail(`${where}: a JSON example must say what it is (a request or an answer)`)
      }
    }
  })

  it("lists exactly the server's reasons", () => {
    const server = Object.keys(MESSAGES)
      .filter((key) => key.startsWith(REASON_PREFIX))
      .map((key) => key.slice(REASON_PREFIX.length))
    const documented = documentedReasons(DOC)
    expect(documented.length).toBeGreaterThan(0)
    expect(
      documented.filter((word) => !server.includes(word)),
      'documented, but not a reason',
    ).toEqual([])
    expect(
      server.filter((word) => !documented.includes(word)),
      'a reason the document does not list',
    ).toEqual([])
  })
})
