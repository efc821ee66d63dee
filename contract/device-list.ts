import { listQuery } from './list'

/**
 * The device list's query, in its own small file: the route's search schema loads with the first page,
 * the bind form's schemas do not.
 */

/** What can be bound to a stall (issue 9), in the order the console offers them. */
export const DEVICE_KINDS = ['payment_terminal', 'scale', 'passenger_counter', 'pesticide_tester'] as const
export type DeviceKind = (typeof DEVICE_KINDS)[number]

/** Kinds that belong to a merchant's stall; counters (at gates) and testers (at the test station) need none. */
export const MERCHANT_DEVICE_KINDS: readonly DeviceKind[] = ['payment_terminal', 'scale']

/** Online = seen (heartbeat or events) in the last two minutes. */
export const DEVICE_STATUSES = ['online', 'offline'] as const
export type DeviceStatus = (typeof DEVICE_STATUSES)[number]
export const ONLINE_WINDOW_MS = 2 * 60_000

export const DEVICE_SORTS = ['boundAt', 'code', 'stallNo', 'lastSeenAt'] as const

export const DEVICE_LIST = listQuery({
  sorts: DEVICE_SORTS,
  defaultSort: 'boundAt',
  filters: { kind: DEVICE_KINDS, status: DEVICE_STATUSES },
})
