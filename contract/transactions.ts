import * as v from 'valibot'
import { DEVICE_KINDS } from './device-list'
import { PAYMENT_METHODS } from './device-api'
import { cappedListSchema, LIST_COUNT_CAP } from './list'
import { TRANSACTION_KINDS } from './transactions-list'

/**
 * Payments and refunds (issue 25 §1), as the transactions list, its export and a transaction's page
 * show them. Money is integer fen (shown in yuan); times ISO 8601 instants (UTC), shown in Asia/Shanghai.
 */

const NamedSchema = v.object({ id: v.string(), name: v.string() })

/**
 * A transaction's id: its time in microseconds since 1970 and its row number, `1795783296421000-12345`
 * (the table is split by day: the time finds the day's part, the number the row). Anything else names
 * no transaction (40400).
 */
export const TRANSACTION_ID = /^\d{1,17}-\d{1,18}$/

const TransactionSchema = v.object({
  id: v.string(),
  /** The device's own id of the event (unique per device; what the receipt prints). */
  eventId: v.string(),
  kind: v.picklist(TRANSACTION_KINDS),
  method: v.picklist(PAYMENT_METHODS),
  /** Always positive: a refund's amount is what went back. */
  amountFen: v.number(),
  at: v.string(),
  market: NamedSchema,
  /** The merchant at the stall when it happened; null for a device bound to no merchant. */
  merchant: v.nullable(NamedSchema),
  stallNo: v.string(),
  device: v.object({ id: v.string(), code: v.string() }),
  /** A refund's payment: the device's event id of it (its page links by `payment` on the detail). */
  paymentEventId: v.nullable(v.string()),
})
export type Transaction = v.InferOutput<typeof TransactionSchema>

/** Counting stops here: past it the total is "10,000+" (the list kit's capped total). */
export const TRANSACTION_COUNT_CAP = LIST_COUNT_CAP

/**
 * A page of transactions. `total` counts every row the filters match (exact from the day rollups when
 * they answer the filters, else counted up to TRANSACTION_COUNT_CAP: `totalCapped` then says more
 * match). `next` and `previous` are the cursors of the pages beside this one (null at an end): pass one
 * as `after` or `before`.
 */
export const TransactionListSchema = v.object({
  ...cappedListSchema(TransactionSchema).entries,
  next: v.nullable(v.string()),
  previous: v.nullable(v.string()),
})
export type TransactionList = v.InferOutput<typeof TransactionListSchema>

/**
 * A transaction's page. A payment lists its refunds, oldest first, with what was refunded and what is
 * left refundable; a refund names its payment (null if not found in the market: never for rows the
 * ingest wrote, which refuses a refund of an unknown payment).
 */
export const TransactionDetailSchema = v.object({
  ...TransactionSchema.entries,
  device: v.object({ id: v.string(), code: v.string(), kind: v.picklist(DEVICE_KINDS) }),
  refunds: v.array(TransactionSchema),
  refundedFen: v.number(),
  refundableFen: v.number(),
  payment: v.nullable(TransactionSchema),
})
export type TransactionDetail = v.InferOutput<typeof TransactionDetailSchema>
