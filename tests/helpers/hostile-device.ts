import fc from 'fast-check'
import type { DeviceKind } from '../../contract/device-list'
import { RawJson } from './hostile-encoding'
import { CORE_JSON_VALUES, hostileJson, type Labelled } from './hostile-values'

/**
 * Hostile device events for tests/api/hostile-device.test.ts: each probe is one valid event of a type
 * with one field given a hostile value (or left out), sent between two valid events.
 */

export const EVENT_TYPES = ['payment', 'refund', 'passenger_count', 'pesticide_test'] as const
export type EventType = (typeof EVENT_TYPES)[number]

/** The kind of device that sends each type (a refund: a terminal, like its payment). */
export const KIND_OF: Record<EventType, DeviceKind> = {
  payment: 'payment_terminal',
  refund: 'payment_terminal',
  passenger_count: 'passenger_counter',
  pesticide_test: 'pesticide_tester',
}

/** A valid event of a type, `at` an ISO time; a refund refunds `paymentId`. */
export function validEvent(type: EventType, id: string, at: string, paymentId = ''): Record<string, unknown> {
  switch (type) {
    case 'payment':
      return { id, type, amountFen: 1_250, method: 'wechat', paidAt: at }
    case 'refund':
      return { id, type, paymentId, amountFen: 250, refundedAt: at }
    case 'passenger_count':
      return { id, type, periodStart: at, periodSeconds: 60, in: 12, out: 9 }
    case 'pesticide_test':
      return { id, type, produce: '小白菜', stallNo: 'A-1', inhibitionPct: 12.5, result: 'pass', testedAt: at }
  }
}

/** Keys no schema names: ignored or refused, never a crash. */
const EXTRA_KEYS = ['__proto__', 'unknownKey']

/** Every field of a type's event (from its valid event), and keys it does not have. */
export const fieldsOf = (type: EventType): string[] => [...Object.keys(validEvent(type, 'x', 'x')), ...EXTRA_KEYS]

const l = <T>(label: string, value: T): Labelled<T> => ({ label, value })
const raw = (text: string) => l(`number ${text}`, new RawJson(text))

/** What a device's numbers go wrong with: bounds, fractions, sizes JSON can write but a double cannot hold. */
const NUMBERS: Labelled<unknown>[] = [
  l('zero', 0),
  l('-1', -1),
  l('one half', 0.5),
  l('0.05', 0.05),
  l('100.05', 100.05),
  l('just over a bound', 100_000_001),
  l('100,001', 100_001),
  l('3601', 3_601),
  l('2^31', 2_147_483_648),
  l('1e308', 1e308),
  l('smallest double', Number.MIN_VALUE),
  raw('-0'),
  raw('1e999'),
  raw('-1e999'),
  raw('9007199254740993'),
  raw('1'.repeat(40)),
]

/** What a device's clock and firmware get wrong in a time. */
const TIMES: Labelled<unknown>[] = [
  '2026-11-01T10:00:00',
  '2026-11-01T10:00:00+14:59',
  '2026-11-01T10:00:00-00:00',
  '2026-11-01T24:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-11-01T10:00:60Z',
  '2026-11-01T10:00:00.1234567Z',
  '+275760-09-13T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '2026-11-01',
  '2026-11-01T10:00Z',
].map((text) => l(`time ${text}`, text))

/** Every field gets these, and the field left out. */
export const SYSTEMATIC: Labelled<unknown>[] = [...CORE_JSON_VALUES, ...NUMBERS, ...TIMES, l('null', null)]
export const MISSING = l('missing', undefined)

/** Generated values: the walk's hostile JSON, and device-shaped numbers and times. */
export const hostileDeviceValue: fc.Arbitrary<Labelled<unknown>> = fc.oneof(
  { arbitrary: hostileJson, weight: 3 },
  { arbitrary: fc.constantFrom(...NUMBERS, ...TIMES), weight: 1 },
  { arbitrary: fc.double().map((n) => l('generated number', n)), weight: 1 },
  {
    arbitrary: fc
      .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
      .map((date) => l('generated time', date.toISOString())),
    weight: 1,
  },
)

/** The event with `field` set to the value (an own key even for '__proto__'), or without it. */
export function withValue(event: Record<string, unknown>, field: string, value: Labelled<unknown>) {
  const copy: Record<string, unknown> = { ...event }
  if (value === MISSING) delete copy[field]
  else Object.defineProperty(copy, field, { value: value.value, enumerable: true, configurable: true, writable: true })
  return copy
}
