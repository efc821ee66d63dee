import * as v from 'valibot'
import { cappedListSchema, LIST_COUNT_CAP } from './list'

/**
 * The audit trail (issue 23 §1): who changed which record, when, and what changed. Written by every
 * write path in the transaction of its change (server/lib/audit.ts), read by /api/audit.
 */

/**
 * The kinds of record an entry is about. An `account` is a person's sign-in account (its password, its
 * lockout); a `pesticide_test` is a failed test whose follow-up was recorded; a `complaint` a shopper's complaint.
 */
export const AUDIT_AREAS = ['market', 'merchant', 'device', 'account', 'pesticide_test', 'complaint'] as const
export type AuditArea = (typeof AUDIT_AREAS)[number]

/** What was done to the record. */
export const AUDIT_ACTIONS = [
  'register',
  'edit',
  'freeze',
  'unfreeze',
  'password_reset',
  'password_change',
  'bind',
  'unbind',
  'rotate_secret',
  'leave',
  'return',
  'lockout_cleared',
  'follow_up',
  'take_up',
  'resolve',
  'withdraw',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/**
 * The fields each area's entries name, as the services compare them (never a password, a secret, a
 * token or a hash). A field written here without its word in contract/words.ts fails `tsc`.
 */
export const AUDIT_FIELDS = {
  market: [
    'name',
    'paymentBank',
    'creditCode',
    'address',
    'stallCount',
    'complaintPhone',
    'legalPersonName',
    'legalPersonPhone',
    'managerName',
    'managerPhone',
    'notes',
    'businessLicenceFileId',
    'operatingLicenceFileId',
    'business_licence',
    'operating_licence',
    'marketPhotoFileIds',
    'licenceGraceDays',
    'complaintDeadlineDays',
    // A market's credit weights, one field per reason (contract/credit-weights.ts, creditWeightField).
    'credit_weight_complaint_upheld',
    'credit_weight_complaint_partly_upheld',
    'credit_weight_pesticide_failed',
    'credit_weight_licence_expired',
    'credit_weight_licence_missing',
    'registeredOn',
    'accountUsername',
    'accountStatus',
  ],
  merchant: [
    'name',
    'bankMerchantNo',
    'otherBankNo',
    'paymentSubMerchantNo',
    'stallNo',
    'phone',
    'idCardNo',
    'creditCode',
    'category',
    'age',
    'gender',
    'political',
    'education',
    'address',
    'notes',
    'healthCertificateFileId',
    'foodLicenceFileId',
    'health_certificate',
    'food_business_licence',
    'status',
    'accountStatus',
  ],
  device: ['code', 'kind', 'stallNo', 'merchant', 'reason'],
  account: ['username', 'role', 'accountStatus', 'address'],
  pesticide_test: ['actions', 'note'],
  complaint: [
    'state',
    'channel',
    // Not `category`: that field's values are a merchant's business categories (AUDIT_VALUE_WORDS).
    'complaintCategory',
    'stallNo',
    'merchant',
    'description',
    'complainantName',
    'complainantContact',
    'photoFileIds',
    'outcome',
    'remedies',
    'note',
  ],
} as const satisfies Record<AuditArea, readonly string[]>
export type AuditField<Area extends AuditArea = AuditArea> = (typeof AUDIT_FIELDS)[Area][number]

/** Why a device was unbound without its own unbind (the `reason` field's values). */
export type UnbindReason = 'merchant_left'

const NamedSchema = v.object({ id: v.string(), name: v.string() })

/**
 * One field's change, as shown: before and after are display text, null when there was none (a new
 * record's before). Bank account numbers come masked but for their last four digits and ID card numbers
 * masked, by the server's one rule (server/lib/audit.ts, `displayValue`); a password, secret, token or hash is never
 * a field. `field` is one of AUDIT_FIELDS[area] (older entries may name others: show them as they are);
 * values of the fields in AUDIT_VALUE_WORDS (contract/words.ts) are translated by the reader.
 */
const AuditChangeSchema = v.object({
  field: v.string(),
  before: v.nullable(v.string()),
  after: v.nullable(v.string()),
})
export type AuditChange = v.InferOutput<typeof AuditChangeSchema>

export const AuditEntrySchema = v.object({
  id: v.string(),
  /** When, as an ISO 8601 instant (UTC); shown in Asia/Shanghai (contract/time.ts). */
  at: v.string(),
  /**
   * Who: the account, its username now and its role (contract/roles.ts); null when the system or the
   * command line (npm run clear-lockout, create-official) did it.
   */
  actor: v.nullable(v.object({ uk: v.string(), username: v.string(), role: v.number() })),
  area: v.picklist(AUDIT_AREAS),
  action: v.picklist(AUDIT_ACTIONS),
  /** The record: its id and its name now (a market's or merchant's name, a device's code, an account's username); null when it is gone. */
  record: v.object({ id: v.string(), name: v.nullable(v.string()) }),
  /** The market the record belongs to; null for a record of no market (an OFFICIAL's own account). */
  market: v.nullable(NamedSchema),
  changes: v.array(AuditChangeSchema),
})
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>

/** Counting stops here: past it the total is "10,000+" (the list kit's cap). */
export const AUDIT_COUNT_CAP = LIST_COUNT_CAP

/**
 * A page of entries, newest first. `total` is exact when `totalCapped` is false; when true, more than
 * `total` (= AUDIT_COUNT_CAP) entries match: the console shows "10,000+" and pages up to there, and
 * asks the user to narrow the filters (a date range, an action) to see further.
 */
export const AuditListSchema = cappedListSchema(AuditEntrySchema)
export type AuditList = v.InferOutput<typeof AuditListSchema>
