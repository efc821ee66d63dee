import fc from 'fast-check'
import { encodeUrlValue, preview, toJsonText, type RawUrl } from './hostile-encoding'
import { bodyFields, sampleOf, type Route } from './hostile-routes'
import {
  CORE_JSON_VALUES,
  CORE_URL_VALUES,
  DEEP_ARRAY,
  DEEP_OBJECT,
  EXTRA_KEY_JSON_VALUES,
  EXTRA_KEY_URL_VALUES,
  hostileJson,
  hostileUrlValue,
  type Labelled,
} from './hostile-values'

/** One request of the walk: what it sends, a label saying where the hostile value went, and the codes it may answer (any, when absent). */
export type Probe = {
  label: string
  method: string
  url: string
  contentType: string | null
  body?: string | Uint8Array
  chunked?: boolean
  codes?: number[]
}

/** A body the route cannot read: invalid input, unless the caller is refused before the body is read. */
const REFUSED = [40000, 1001, 40300]

/** What the walk needs from the test: valid path values and bodies, so one bad value reaches deep. */
export type WalkContext = {
  pathValue: (route: Route, name: string) => string
  /** A body the route accepts (fresh each call, e.g. a new username), or the schema's sample. */
  validBody: (route: Route) => unknown
}

type UrlValue = string | RawUrl
const JSON_TYPE = 'application/json'
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
/** Keys no schema names: extra keys must be ignored or refused, never crash. The first is tried systematically. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'unknownKey']

const hasBody = (route: Route) => route.method !== 'GET' && route.method !== 'HEAD'

function urlOf(
  route: Route,
  ctx: WalkContext,
  pathOverride: Record<string, UrlValue> = {},
  query: [string, UrlValue][] = [],
): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    encodeUrlValue(pathOverride[name] ?? ctx.pathValue(route, name)),
  )
  const base = route.query.filter((param) => param.required && !query.some(([key]) => key === param.name))
  const pairs = [...base.map((param): [string, UrlValue] => [param.name, String(sampleOf(param.schema))]), ...query]
  return pairs.length === 0
    ? path
    : `${path}?${pairs.map(([key, value]) => `${encodeUrlValue(key)}=${encodeUrlValue(value)}`).join('&')}`
}

function bodyOf(route: Route, ctx: WalkContext): { contentType: string | null; body?: string } {
  if (!hasBody(route)) return { contentType: null }
  return route.body ? { contentType: JSON_TYPE, body: toJsonText(ctx.validBody(route)) } : { contentType: null }
}

const describe = (where: string, { label, value }: Labelled<unknown>) => `${where} = ${label} ${preview(value)}`

function pathProbe(route: Route, ctx: WalkContext, name: string, value: Labelled<UrlValue>): Probe {
  return {
    label: describe(`path ${name}`, value),
    method: route.method,
    url: urlOf(route, ctx, { [name]: value.value }),
    ...bodyOf(route, ctx),
  }
}

/** The key once, or once per value (a repeated key reaches the validator as an array). */
function queryProbe(route: Route, ctx: WalkContext, key: string, ...values: Labelled<UrlValue>[]): Probe {
  const label = values.map((value) => describe(`query ${key}`, value)).join(' & ')
  return {
    label,
    method: route.method,
    url: urlOf(
      route,
      ctx,
      {},
      values.map((value): [string, UrlValue] => [key, value.value]),
    ),
    ...bodyOf(route, ctx),
  }
}

function fieldProbe(route: Route, ctx: WalkContext, field: string, value: Labelled<unknown>): Probe {
  const valid = ctx.validBody(route)
  const body = valid && typeof valid === 'object' && !Array.isArray(valid) ? { ...valid } : {}
  // Assigned with defineProperty so '__proto__' is an own key, as JSON.parse would make it.
  Object.defineProperty(body, field, { value: value.value, enumerable: true, configurable: true, writable: true })
  return {
    label: describe(`body.${field}`, value),
    method: route.method,
    url: urlOf(route, ctx),
    contentType: JSON_TYPE,
    body: toJsonText(body),
  }
}

const queryKeys = (route: Route) => [...route.query.map((param) => param.name), ...EXTRA_KEYS]
const fieldsOf = (route: Route) => (route.body ? [...bodyFields(route.body), ...EXTRA_KEYS] : [])

/** Each place a value goes, with each core hostile value: the audit's findings, always tried. */
export function systematicProbes(route: Route, ctx: WalkContext): Probe[] {
  const [extra] = EXTRA_KEYS as [string]
  const query = (key: string, values: Labelled<UrlValue>[]) => values.map((value) => queryProbe(route, ctx, key, value))
  const field = (name: string, values: Labelled<unknown>[]) =>
    values.map((value) => fieldProbe(route, ctx, name, value))
  return [
    ...route.pathParams.flatMap((name) => CORE_URL_VALUES.map((value) => pathProbe(route, ctx, name, value))),
    ...route.query.flatMap((param) => query(param.name, CORE_URL_VALUES)),
    ...query(extra, EXTRA_KEY_URL_VALUES),
    ...(hasBody(route) && route.body
      ? [
          ...bodyFields(route.body).flatMap((name) => field(name, CORE_JSON_VALUES)),
          ...field(extra, EXTRA_KEY_JSON_VALUES),
        ]
      : []),
  ]
}

/** Generated probes: one hostile value in one place (path, query or body field), or a wholly wrong body. */
export function randomProbe(route: Route, ctx: WalkContext): fc.Arbitrary<Probe> {
  const key = fc.constantFrom(...queryKeys(route))
  const choices: fc.Arbitrary<Probe>[] = [
    fc.tuple(key, hostileUrlValue).map(([name, value]) => queryProbe(route, ctx, name, value)),
    fc
      .tuple(key, hostileUrlValue, hostileUrlValue)
      .map(([name, first, second]) => queryProbe(route, ctx, name, first, second)),
  ]
  if (route.pathParams.length > 0) {
    choices.push(
      fc
        .tuple(fc.constantFrom(...route.pathParams), hostileUrlValue)
        .map(([name, value]) => pathProbe(route, ctx, name, value)),
    )
  }
  if (hasBody(route)) {
    const fields = fieldsOf(route)
    if (fields.length > 0)
      choices.push(
        fc.tuple(fc.constantFrom(...fields), hostileJson).map(([field, value]) => fieldProbe(route, ctx, field, value)),
      )
    choices.push(
      hostileJson.map((value) => ({
        label: describe('whole body', value),
        method: route.method,
        url: urlOf(route, ctx),
        contentType: JSON_TYPE,
        body: toJsonText(value.value),
      })),
    )
  }
  return fc.oneof(...choices)
}

/** Text and raw bytes (invalid UTF-8 among them) as one body. */
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part)))),
  )

/**
 * Request shapes rather than values: a body that is JSON but not an object, a duplicated key, an
 * empty or malformed body, the wrong content type, a query key given twice.
 */
export function shapeProbes(route: Route, ctx: WalkContext): Probe[] {
  const url = urlOf(route, ctx)
  const twice = route.query.length > 0 ? route.query.map((param) => param.name) : ['page']
  const probes: Probe[] = [
    ...twice.map((key) => ({
      label: `query ${key} given twice`,
      method: route.method,
      url: `${url}${url.includes('?') ? '&' : '?'}${key}=1&${key}=2`,
      contentType: null,
    })),
    // Another method on the same path: another route's answer, or a wrapped 40400.
    ...OTHER_METHODS.filter((method) => method !== route.method).map((method) => ({
      label: `method ${method}`,
      method,
      url,
      contentType: null,
    })),
  ]
  if (!hasBody(route)) return probes
  const valid = toJsonText(ctx.validBody(route) ?? {})
  const firstField = bodyFields(route.body)[0] ?? 'a'
  const raw = (label: string, contentType: string | null, body?: string | Uint8Array, codes?: number[]): Probe => ({
    label,
    method: route.method,
    url,
    contentType,
    ...(body === undefined ? {} : { body }),
    ...(codes ? { codes } : {}),
  })
  // Only a route that reads a JSON body must refuse one it cannot read; the others ignore it.
  const unreadable = route.body ? REFUSED : undefined
  // Over the 256 KB limit for JSON (uploads have a limit of their own, after the session check).
  const huge = `{"a":"${'a'.repeat(300_000)}"}`
  return [
    ...probes,
    ...['"x"', '[]', 'null', '1e999', 'true', '0', '-0'].map((text) =>
      raw(`JSON body ${text}`, JSON_TYPE, text, unreadable),
    ),
    ...[DEEP_ARRAY, DEEP_OBJECT].map(({ label, value }) =>
      raw(`JSON body: ${label}`, JSON_TYPE, value.text, unreadable),
    ),
    raw('duplicated key, hostile first', JSON_TYPE, valid.replace(/^\{/, `{${JSON.stringify(firstField)}:"\\u0000",`)),
    raw('duplicated key, hostile last', JSON_TYPE, valid.replace(/\}$/, `,${JSON.stringify(firstField)}:{"a":[1]}}`)),
    raw('empty body, JSON content type', JSON_TYPE, '', unreadable),
    raw('JSON content type, no body', JSON_TYPE, undefined, unreadable),
    ...['{', '{"a":}', "{'a':1}", '{"a":1,}', 'NaN', '\ufeff{}'].map((text) =>
      raw(`malformed JSON ${preview(text)}`, JSON_TYPE, text, unreadable),
    ),
    ...['{"a":"\\ud800"}', '{"a":"\\u0000"}'].map((text) =>
      raw(`escaped surrogate or NUL under an unknown key ${preview(text)}`, JSON_TYPE, text),
    ),
    raw(
      'invalid UTF-8 in JSON',
      JSON_TYPE,
      bytes(`{${JSON.stringify(firstField)}:"`, [0xff, 0xfe, 0xed, 0xa0, 0x80, 0xc0, 0x80], '"}'),
    ),
    raw('body over the limit', JSON_TYPE, huge, REFUSED),
    { ...raw('body over the limit, chunked', JSON_TYPE, huge, REFUSED), chunked: true },
    { ...raw('valid body, chunked', JSON_TYPE, valid), chunked: true },
    raw('valid body as text/plain', 'text/plain', valid),
    raw('valid body without content type', null, valid),
    raw('valid body as JSON in UTF-16', 'application/json; charset=utf-16', valid),
    raw('valid body as +json', 'application/merge-patch+json', valid),
    raw('valid body as APPLICATION/JSON', 'APPLICATION/JSON', valid),
    raw('form body', 'application/x-www-form-urlencoded', 'a=1&a=2&__proto__=x'),
    raw('multipart without boundary', 'multipart/form-data', '--x\r\n'),
    raw(
      'broken multipart',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="\u0000.png"\r\n\r\nabc',
    ),
    raw(
      'multipart with a text file field',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n',
    ),
  ]
}
