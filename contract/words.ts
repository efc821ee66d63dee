import type { AuditAction, AuditArea, AuditField, UnbindReason } from './audit'
import type { PaymentMethod, TestResult } from './device-api'
import type { FollowUpAction } from './pesticide-tests'
import type { DeviceKind, DeviceStatus } from './device-list'
import type { MarketStatus } from './market-list'
import type { BusinessCategory, CreditStarFilter, MerchantStatus } from './merchant-list'
import type { LicenceState } from './licence-state'
import type { LicenceKind } from './licences'
import type { ComplaintCategory, ComplaintChannel, ComplaintState } from './complaint-list'
import type { ComplaintOutcome, ComplaintRemedy } from './complaints'
import type { CreditReason } from './credit'
import type { EDUCATION_LEVELS, GENDERS, POLITICAL_AFFILIATIONS } from './merchants'
import type { RefusalReason } from './system'
import type { TransactionKind } from './transactions-list'

/**
 * The words for every fixed value a list, filter, tab label, chart legend or CSV file shows: one map
 * from value to message key (messages/*.json) per value set, read by both halves. The server
 * translates a key itself (server/lib/i18n.ts); the console through src/lib/words.ts, which names each
 * key's compiled message so the first page carries only the words it shows. A value added to a set
 * without its word fails `tsc` here.
 */
type Words<Value extends string> = Readonly<Record<Value, string>>

/** Why a merchant's credit fell (contract/credit.ts). */
export const CREDIT_REASON_WORDS = {
  complaint_upheld: 'credit_reason_complaint_upheld',
  complaint_partly_upheld: 'credit_reason_complaint_partly_upheld',
  pesticide_failed: 'credit_reason_pesticide_failed',
  licence_expired: 'credit_reason_licence_expired',
  licence_missing: 'credit_reason_licence_missing',
} as const satisfies Words<CreditReason>

/** The merchant list's credit filter: a number of stars (contract/merchant-list.ts). */
export const CREDIT_STAR_WORDS = {
  '1': 'credit_filter_1',
  '2': 'credit_filter_2',
  '3': 'credit_filter_3',
  '4': 'credit_filter_4',
  '5': 'credit_filter_5',
} as const satisfies Words<CreditStarFilter>

/** A market's status is its operator account's: 1 normal, 2 frozen (contract/market-list.ts). */
export const MARKET_STATUS_WORDS = {
  '1': 'user_status_normal',
  '2': 'user_status_frozen',
} as const satisfies Words<MarketStatus>

export const MERCHANT_STATUS_WORDS = {
  active: 'merchants_status_active',
  left: 'merchants_status_left',
} as const satisfies Words<MerchantStatus>

export const BUSINESS_CATEGORY_WORDS = {
  vegetables: 'merchants_category_vegetables',
  fruit: 'merchants_category_fruit',
  meat: 'merchants_category_meat',
  aquatic: 'merchants_category_aquatic',
  eggs_poultry: 'merchants_category_eggs_poultry',
  grain_oil: 'merchants_category_grain_oil',
  dry_goods: 'merchants_category_dry_goods',
  cooked_food: 'merchants_category_cooked_food',
  other: 'merchants_category_other',
} as const satisfies Words<BusinessCategory>

export const DEVICE_KIND_WORDS = {
  payment_terminal: 'device_kind_payment_terminal',
  scale: 'device_kind_scale',
  passenger_counter: 'device_kind_passenger_counter',
  pesticide_tester: 'device_kind_pesticide_tester',
} as const satisfies Words<DeviceKind>

export const DEVICE_STATUS_WORDS = {
  online: 'devices_status_online',
  offline: 'devices_status_offline',
} as const satisfies Words<DeviceStatus>

export const PAYMENT_METHOD_WORDS = {
  wechat: 'dashboard_method_wechat',
  alipay: 'dashboard_method_alipay',
  unionpay: 'dashboard_method_unionpay',
  cash: 'dashboard_method_cash',
  other: 'dashboard_method_other',
} as const satisfies Words<PaymentMethod>

/** A transaction is a payment or a refund (the transactions list, its filter and its CSV). */
export const TRANSACTION_KIND_WORDS = {
  payment: 'transactions_kind_payment',
  refund: 'transactions_kind_refund',
} as const satisfies Words<TransactionKind>

export const TEST_RESULT_WORDS = {
  pass: 'dashboard_test_pass',
  fail: 'dashboard_test_fail',
} as const satisfies Words<TestResult>

/** What was done about a failed pesticide test (its follow-up, the list, the CSV). */
export const FOLLOW_UP_ACTION_WORDS = {
  withdrawn: 'pesticide_follow_up_withdrawn',
  destroyed: 'pesticide_follow_up_destroyed',
  warned: 'pesticide_follow_up_warned',
  retest_passed: 'pesticide_follow_up_retest_passed',
} as const satisfies Words<FollowUpAction>

/** Why a device's event was refused, in a few words (the System page's chart; the device hears the full sentence). */
export const REFUSAL_REASON_WORDS = {
  batch: 'system_reason_batch',
  batch_too_big: 'system_reason_batch_too_big',
  event_id: 'system_reason_event_id',
  event_type: 'system_reason_event_type',
  amount: 'system_reason_amount',
  method: 'system_reason_method',
  time: 'system_reason_time',
  period: 'system_reason_period',
  count: 'system_reason_count',
  produce: 'system_reason_produce',
  stall: 'system_reason_stall',
  inhibition: 'system_reason_inhibition',
  result: 'system_reason_result',
  future: 'system_reason_future',
  too_old: 'system_reason_too_old',
  duplicate_in_batch: 'system_reason_duplicate_in_batch',
  kind_mismatch: 'system_reason_kind_mismatch',
  unknown_payment: 'system_reason_unknown_payment',
  refund_exceeds: 'system_reason_refund_exceeds',
  total_too_large: 'system_reason_total_too_large',
} as const satisfies Words<RefusalReason>
/** A role's name (contract/roles.ts), by its number as text: who did an audited change, an account's role. */
export const ROLE_WORDS = {
  '1': 'role_official',
  '51': 'role_market',
  '101': 'role_merchant',
} as const satisfies Words<'1' | '51' | '101'>

export const AUDIT_AREA_WORDS = {
  market: 'audit_area_market',
  merchant: 'audit_area_merchant',
  device: 'audit_area_device',
  account: 'audit_area_account',
  pesticide_test: 'audit_area_pesticide_test',
  complaint: 'audit_area_complaint',
} as const satisfies Words<AuditArea>

export const AUDIT_ACTION_WORDS = {
  register: 'audit_action_register',
  edit: 'audit_action_edit',
  freeze: 'audit_action_freeze',
  unfreeze: 'audit_action_unfreeze',
  password_reset: 'audit_action_password_reset',
  password_change: 'audit_action_password_change',
  bind: 'audit_action_bind',
  unbind: 'audit_action_unbind',
  rotate_secret: 'audit_action_rotate_secret',
  leave: 'audit_action_leave',
  return: 'audit_action_return',
  lockout_cleared: 'audit_action_lockout_cleared',
  follow_up: 'audit_action_follow_up',
  take_up: 'audit_action_take_up',
  resolve: 'audit_action_resolve',
  withdraw: 'audit_action_withdraw',
} as const satisfies Words<AuditAction>

/** The name of each audited field, by area (a field of an older entry that is not here is shown as it is). */
export const AUDIT_FIELD_WORDS = {
  market: {
    name: 'markets_field_name',
    paymentBank: 'markets_field_bank',
    creditCode: 'markets_field_credit_code',
    address: 'markets_field_address',
    stallCount: 'markets_field_stalls',
    complaintPhone: 'markets_field_complaint_phone',
    legalPersonName: 'markets_field_legal_name',
    legalPersonPhone: 'markets_field_legal_phone',
    managerName: 'markets_field_manager_name',
    managerPhone: 'markets_field_manager_phone',
    notes: 'markets_field_notes',
    businessLicenceFileId: 'markets_field_business_licence',
    operatingLicenceFileId: 'markets_field_operating_licence',
    business_licence: 'markets_field_business_licence',
    operating_licence: 'markets_field_operating_licence',
    marketPhotoFileIds: 'markets_field_photos',
    licenceGraceDays: 'licences_field_grace_days',
    complaintDeadlineDays: 'licences_field_complaint_deadline_days',
    credit_weight_complaint_upheld: 'credit_reason_complaint_upheld',
    credit_weight_complaint_partly_upheld: 'credit_reason_complaint_partly_upheld',
    credit_weight_pesticide_failed: 'credit_reason_pesticide_failed',
    credit_weight_licence_expired: 'credit_reason_licence_expired',
    credit_weight_licence_missing: 'credit_reason_licence_missing',
    registeredOn: 'markets_field_registered_on',
    accountUsername: 'markets_field_username',
    accountStatus: 'markets_field_status',
  } as const satisfies Words<AuditField<'market'>>,
  merchant: {
    name: 'merchants_field_name',
    bankMerchantNo: 'merchants_field_bank_merchant_no',
    otherBankNo: 'merchants_field_other_bank_no',
    paymentSubMerchantNo: 'merchants_field_payment_sub_merchant_no',
    stallNo: 'merchants_field_stall',
    phone: 'merchants_field_phone',
    idCardNo: 'merchants_field_id_card',
    creditCode: 'merchants_field_credit_code',
    category: 'merchants_field_category',
    age: 'merchants_field_age',
    gender: 'merchants_field_gender',
    political: 'merchants_field_political',
    education: 'merchants_field_education',
    address: 'merchants_field_address',
    notes: 'merchants_field_notes',
    healthCertificateFileId: 'merchants_field_health_certificate',
    foodLicenceFileId: 'merchants_field_food_licence',
    health_certificate: 'merchants_field_health_certificate',
    food_business_licence: 'merchants_field_food_licence',
    status: 'merchants_col_status',
    accountStatus: 'audit_field_account_status',
  } as const satisfies Words<AuditField<'merchant'>>,
  device: {
    code: 'devices_field_code',
    kind: 'devices_field_kind',
    stallNo: 'devices_col_stall',
    merchant: 'devices_field_merchant',
    reason: 'audit_field_reason',
  } as const satisfies Words<AuditField<'device'>>,
  account: {
    username: 'audit_field_username',
    role: 'audit_field_role',
    accountStatus: 'audit_field_account_status',
    address: 'audit_field_address',
  } as const satisfies Words<AuditField<'account'>>,
  pesticide_test: {
    actions: 'pesticide_tests_col_follow_up',
    note: 'pesticide_tests_field_note',
  } as const satisfies Words<AuditField<'pesticide_test'>>,
  complaint: {
    state: 'complaints_field_state',
    channel: 'complaints_field_channel',
    complaintCategory: 'complaints_field_category',
    stallNo: 'complaints_field_stall',
    merchant: 'complaints_field_merchant',
    description: 'complaints_field_description',
    complainantName: 'complaints_field_complainant_name',
    complainantContact: 'complaints_field_complainant_contact',
    photoFileIds: 'complaints_field_photos',
    outcome: 'complaints_field_outcome',
    remedies: 'complaints_field_remedies',
    note: 'complaints_field_note',
  } as const satisfies Words<AuditField<'complaint'>>,
} as const

const UNBIND_REASON_WORDS = {
  merchant_left: 'audit_reason_merchant_left',
} as const satisfies Words<UnbindReason>

/**
 * The words of the values of fixed-value fields in an entry's changes, by field name (the same name
 * means the same values in every area): the page and the CSV translate these, and show others as they are.
 */
/** A merchant's answers on the form (contract/merchants.ts); '' (not given) has no word. */
export const GENDER_WORDS = {
  male: 'merchants_gender_male',
  female: 'merchants_gender_female',
} as const satisfies Words<(typeof GENDERS)[number]>

export const POLITICAL_WORDS = {
  masses: 'merchants_political_masses',
  cpc_member: 'merchants_political_cpc_member',
  cyl_member: 'merchants_political_cyl_member',
  democratic_party: 'merchants_political_democratic_party',
  other: 'merchants_political_other',
} as const satisfies Words<(typeof POLITICAL_AFFILIATIONS)[number]>

export const EDUCATION_WORDS = {
  primary: 'merchants_education_primary',
  junior_high: 'merchants_education_junior_high',
  senior_high: 'merchants_education_senior_high',
  college: 'merchants_education_college',
  bachelor: 'merchants_education_bachelor',
  postgraduate: 'merchants_education_postgraduate',
} as const satisfies Words<(typeof EDUCATION_LEVELS)[number]>

export const COMPLAINT_STATE_WORDS = {
  received: 'complaints_state_received',
  handling: 'complaints_state_handling',
  resolved: 'complaints_state_resolved',
  withdrawn: 'complaints_state_withdrawn',
} as const satisfies Words<ComplaintState>

export const COMPLAINT_CHANNEL_WORDS = {
  phone: 'complaints_channel_phone',
  in_person: 'complaints_channel_in_person',
  online: 'complaints_channel_online',
} as const satisfies Words<ComplaintChannel>

export const COMPLAINT_CATEGORY_WORDS = {
  short_weight: 'complaints_category_short_weight',
  quality: 'complaints_category_quality',
  price: 'complaints_category_price',
  hygiene: 'complaints_category_hygiene',
  attitude: 'complaints_category_attitude',
  other: 'complaints_category_other',
} as const satisfies Words<ComplaintCategory>

export const COMPLAINT_OUTCOME_WORDS = {
  upheld: 'complaints_outcome_upheld',
  partly_upheld: 'complaints_outcome_partly_upheld',
  not_upheld: 'complaints_outcome_not_upheld',
} as const satisfies Words<ComplaintOutcome>

export const COMPLAINT_REMEDY_WORDS = {
  refund: 'complaints_remedy_refund',
  replacement: 'complaints_remedy_replacement',
  warning: 'complaints_remedy_warning',
  fine: 'complaints_remedy_fine',
} as const satisfies Words<ComplaintRemedy>

/** A licence's state (contract/licence-state.ts), worst first. */
export const LICENCE_STATE_WORDS = {
  expired: 'licences_state_expired',
  missing: 'licences_state_missing',
  expiring: 'licences_state_expiring',
  valid: 'licences_state_valid',
} as const satisfies Words<LicenceState>

export const LICENCE_KIND_WORDS = {
  health_certificate: 'merchants_field_health_certificate',
  food_business_licence: 'merchants_field_food_licence',
  business_licence: 'markets_field_business_licence',
  operating_licence: 'markets_field_operating_licence',
} as const satisfies Words<LicenceKind>

/** The overdue filter's one value. */
export const OVERDUE_WORDS = { yes: 'complaints_overdue' } as const satisfies Words<'yes'>

export const AUDIT_VALUE_WORDS = {
  accountStatus: MARKET_STATUS_WORDS,
  status: MERCHANT_STATUS_WORDS,
  category: BUSINESS_CATEGORY_WORDS,
  kind: DEVICE_KIND_WORDS,
  reason: UNBIND_REASON_WORDS,
  role: ROLE_WORDS,
  gender: GENDER_WORDS,
  political: POLITICAL_WORDS,
  education: EDUCATION_WORDS,
  state: COMPLAINT_STATE_WORDS,
  channel: COMPLAINT_CHANNEL_WORDS,
  outcome: COMPLAINT_OUTCOME_WORDS,
  complaintCategory: COMPLAINT_CATEGORY_WORDS,
} as const satisfies Record<string, Words<string>>

type ValueOf<Map> = Map[keyof Map]
type FieldWordKey = { [Area in AuditArea]: ValueOf<(typeof AUDIT_FIELD_WORDS)[Area]> }[AuditArea]
/** Every message key a value set names (the console's table of words is checked against it). */
export type WordKey =
  | ValueOf<typeof MARKET_STATUS_WORDS>
  | ValueOf<typeof MERCHANT_STATUS_WORDS>
  | ValueOf<typeof BUSINESS_CATEGORY_WORDS>
  | ValueOf<typeof DEVICE_KIND_WORDS>
  | ValueOf<typeof DEVICE_STATUS_WORDS>
  | ValueOf<typeof PAYMENT_METHOD_WORDS>
  | ValueOf<typeof TRANSACTION_KIND_WORDS>
  | ValueOf<typeof TEST_RESULT_WORDS>
  | ValueOf<typeof FOLLOW_UP_ACTION_WORDS>
  | ValueOf<typeof REFUSAL_REASON_WORDS>
  | ValueOf<typeof ROLE_WORDS>
  | ValueOf<typeof GENDER_WORDS>
  | ValueOf<typeof POLITICAL_WORDS>
  | ValueOf<typeof EDUCATION_WORDS>
  | ValueOf<typeof COMPLAINT_STATE_WORDS>
  | ValueOf<typeof COMPLAINT_CHANNEL_WORDS>
  | ValueOf<typeof COMPLAINT_CATEGORY_WORDS>
  | ValueOf<typeof COMPLAINT_OUTCOME_WORDS>
  | ValueOf<typeof COMPLAINT_REMEDY_WORDS>
  | ValueOf<typeof OVERDUE_WORDS>
  | ValueOf<typeof CREDIT_REASON_WORDS>
  | ValueOf<typeof CREDIT_STAR_WORDS>
  | ValueOf<typeof LICENCE_STATE_WORDS>
  | ValueOf<typeof LICENCE_KIND_WORDS>
  | ValueOf<typeof AUDIT_AREA_WORDS>
  | ValueOf<typeof AUDIT_ACTION_WORDS>
  | FieldWordKey
  | ValueOf<typeof UNBIND_REASON_WORDS>
