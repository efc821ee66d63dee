import fc from 'fast-check'
import { RawJson, RawUrl } from './hostile-encoding'

/**
 * Hostile values for the route walk (tests/api/hostile-input.test.ts): fixed ones always tried, and
 * arbitraries that mix them with generated ones. Each carries a label naming its kind for the report.
 */
export type Labelled<T> = { label: string; value: T }
const l = <T>(label: string, value: T): Labelled<T> => ({ label, value })

const DEPTH = 10_000
const UUID = '11111111-1111-4111-8111-111111111111'

const NUL = l('NUL', 'a\u0000b')
const LONE_HIGH = l('lone high surrogate', 'a\ud800b')
const HUGE_300 = l('huge 300 KB', 'a'.repeat(300_000))
// Under the 256 KB body limit, so it reaches the validators (a bigger body is refused whole).
const HUGE_200 = l('huge 200 KB', 'x'.repeat(200_000))
const OBJECT = l('object', { a: 1 })
const NIL_UUID = l('nil uuid', '00000000-0000-0000-0000-000000000000')
const MAX_UUID = l('max uuid', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF')
export const DEEP_ARRAY = l('array 10,000 deep', new RawJson('['.repeat(DEPTH) + ']'.repeat(DEPTH)))
export const DEEP_OBJECT = l('object 10,000 deep', new RawJson('{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)))

/** The audit's findings and the dates it names: tried in every place text goes. */
const CORE_STRINGS: Labelled<string>[] = [
  l('empty', ''),
  NUL,
  l('control characters', '\u0001\u0008\u001b[31m\r\n\u007f\u0085'),
  LONE_HIGH,
  l('lone low surrogate', '\udc00'),
  l('date 0000-01-01', '0000-01-01'),
  l('date 2024-02-30', '2024-02-30'),
  l('date 9999-12-31', '9999-12-31'),
  l('date month 13', '2024-13-01'),
]

const ODD_STRINGS: Labelled<string>[] = [
  HUGE_300,
  HUGE_200,
  l('huge 300 KB of 2-byte characters', 'é'.repeat(150_000)),
  l('huge NULs', '\u0000'.repeat(70_000)),
  l('whitespace', ' \t\u3000\u200b\ufeff '),
  l('reversed surrogate pair', '\udc00\ud800'),
  l('noncharacters', '\uffff\ufffe\u{10ffff}'),
  l('bidi override', '\u202emoc.elgoog'),
  l('combining flood', 'a' + '\u0301'.repeat(5_000)),
  ...['2023-02-29', '-000001-01-01', '+275760-09-13', '2024-01-01T00:00:00Z', '10000-01-01', '2024-1-1'].map((day) =>
    l(`date ${day}`, day),
  ),
  ...['-0', '1e308', '1e999', 'NaN', 'Infinity', '9007199254740993', '-1', '0.5', '0x10', '１', '2147483648'].map((n) =>
    l(`number as text ${n}`, n),
  ),
  NIL_UUID,
  MAX_UUID,
  l('uuid in braces', `{${UUID}}`),
  l('uuid without dashes', UUID.replaceAll('-', '')),
  l('uuid too short', UUID.slice(0, -1)),
  l('uuid too long', `${UUID}1`),
  l('uuid with NUL', `${UUID}\u0000`),
  l('uuid urn', `urn:uuid:${UUID}`),
  l('uuid not hex', `g${UUID.slice(1)}`),
  l('SQL', "'; DROP TABLE users; --"),
  l('LIKE wildcards', '%_\\'),
  l('path traversal', '../../etc/passwd'),
  l('HTML', '<script>alert(1)</script>'),
  l('prototype key', '__proto__'),
]

const char = (min: number, max: number) => fc.integer({ min, max }).map((code) => String.fromCharCode(code))
/** Text with at least one `special` character somewhere among ordinary ones. */
const mixed = (special: fc.Arbitrary<string>) => {
  const text = fc.string({ unit: fc.oneof(special, char(0x20, 0x7e), fc.constant('市')), maxLength: 20 })
  return fc.tuple(text, special, text).map((parts) => parts.join(''))
}

/** Generated strings: the fixed ones, control characters and surrogates at random places, anything else. */
const hostileString: fc.Arbitrary<Labelled<string>> = fc.oneof(
  fc.constantFrom(...CORE_STRINGS, ...ODD_STRINGS),
  mixed(fc.oneof(char(0, 0x1f), char(0x7f, 0x9f))).map((text) => l('generated control characters', text)),
  mixed(char(0xd800, 0xdfff)).map((text) => l('generated surrogates', text)),
  fc.string({ unit: 'binary', maxLength: 60 }).map((text) => l('generated text', text)),
)

/** Values only JSON carries: wrong types, odd numbers, deep nesting, a big array, prototype keys. */
const JSON_VALUES: Labelled<unknown>[] = [
  l('null', null),
  l('true', true),
  l('zero', 0),
  l('empty array', []),
  l('empty object', {}),
  l('array of text', ['a']),
  OBJECT,
  ...['-0', '1e999', '-1e999', '9007199254740993', '1'.repeat(40), '1e-400'].map((text) =>
    l(`number ${text}`, new RawJson(text)),
  ),
  ...[1e308, -1, 0.5, 2_147_483_648, Number.MIN_VALUE].map((n) => l(`number ${n}`, n)),
  DEEP_ARRAY,
  DEEP_OBJECT,
  l(
    '10,000 uuids',
    Array.from({ length: 10_000 }, () => UUID),
  ),
  l('prototype pollution', new RawJson('{"__proto__":{"role":1},"constructor":{"prototype":{"role":1}}}')),
]
/** What every body field gets: the core strings and one of each wrong type. */
export const CORE_JSON_VALUES: Labelled<unknown>[] = [...CORE_STRINGS, HUGE_200, l('number', 123), OBJECT, DEEP_ARRAY]
/** Fewer for a key no schema names: it should be ignored, so each call does the route's whole work. */
export const EXTRA_KEY_JSON_VALUES: Labelled<unknown>[] = [NUL, OBJECT, DEEP_ARRAY]

export const hostileJson: fc.Arbitrary<Labelled<unknown>> = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: fc.constantFrom(...JSON_VALUES), weight: 2 },
  { arbitrary: fc.double().map((n) => l('generated number', n)), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => l('generated JSON', v)), weight: 1 },
)

/** URL-only spellings: what a browser would never send but a client can. */
const RAW_CONTROL = l('raw control characters', new RawUrl('a\u0001\u001fb'))
const URL_VALUES: Labelled<string | RawUrl>[] = [
  l('raw lone surrogate', new RawUrl('a\ud800b')),
  l('raw NUL', new RawUrl('a\u0000b')),
  RAW_CONTROL,
  l('surrogate as UTF-8 bytes (CESU)', new RawUrl('%ED%A0%80')),
  l('overlong NUL', new RawUrl('%C0%80')),
  l('encoded NUL', new RawUrl('%00')),
  l('invalid UTF-8', new RawUrl('%FF%FE')),
  l('broken escape', new RawUrl('%')),
  l('broken escape zz', new RawUrl('%zz')),
  l('encoded slash', new RawUrl('a%2Fb')),
  l('dot dot', new RawUrl('..')),
  l('brackets 10,000 deep', new RawUrl('['.repeat(DEPTH))),
]
/** What every path parameter and query key gets. */
export const CORE_URL_VALUES: Labelled<string | RawUrl>[] = [
  ...CORE_STRINGS,
  HUGE_300,
  NIL_UUID,
  MAX_UUID,
  ...URL_VALUES,
]
/** Fewer for a key no schema names (see EXTRA_KEY_JSON_VALUES). */
export const EXTRA_KEY_URL_VALUES: Labelled<string | RawUrl>[] = [NUL, LONE_HIGH, HUGE_300, RAW_CONTROL]

export const hostileUrlValue: fc.Arbitrary<Labelled<string | RawUrl>> = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: fc.constantFrom(...URL_VALUES), weight: 1 },
)
