import { sql } from 'drizzle-orm'
import { DEFAULT_COMPLAINT_DEADLINE_DAYS } from '../../contract/complaints'
import { DEFAULT_LICENCE_GRACE_DAYS } from '../../contract/licences'
import type { CreditReasonCount, CreditWeights } from '../../contract/credit'
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** A row's id, made by the database (uuid v4), so no caller can choose another row's. */
const generatedId = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`)

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Markets run on the platform, with SPEC §3's registration fields. */
export const markets = pgTable(
  'markets',
  {
    id: generatedId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    /** The MARKET account made with it (users.market_id points back; no FK to avoid a cycle). */
    accountUk: text('account_uk'),
    /** Fixed once saved. */
    paymentBank: text('payment_bank').notNull().default('ICBC'),
    creditCode: text('credit_code').unique(),
    address: text('address').notNull().default(''),
    stallCount: integer('stall_count').notNull().default(0),
    complaintPhone: text('complaint_phone').notNull().default(''),
    legalPersonName: text('legal_person_name').notNull().default(''),
    legalPersonPhone: text('legal_person_phone').notNull().default(''),
    managerName: text('manager_name').notNull().default(''),
    managerPhone: text('manager_phone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    businessLicenceFileId: uuid('business_licence_file_id'),
    operatingLicenceFileId: uuid('operating_licence_file_id'),
    marketPhotoFileIds: jsonb('market_photo_file_ids').$type<string[]>().notNull().default([]),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last number given to a merchant account of this market (its usernames: 0314888-0001, …). */
    merchantSeq: integer('merchant_seq').notNull().default(0),
    /** The last number given to a complaint of this market (issue 26 §2). */
    complaintSeq: integer('complaint_seq').notNull().default(0),
    /** Days this market gives itself to resolve a complaint (issue 26 §2). */
    complaintDeadlineDays: integer('complaint_deadline_days').notNull().default(DEFAULT_COMPLAINT_DEADLINE_DAYS),
    /** Days from licence_grace_from during which a merchant's missing licence is one summary to-do (issue 26 §1). */
    licenceGraceDays: integer('licence_grace_days').notNull().default(DEFAULT_LICENCE_GRACE_DAYS),
    /**
     * The Shanghai day the grace starts: the day licences arrived for the markets there then
     * (migration 0020), a market's registration day for the others.
     */
    licenceGraceFrom: date('licence_grace_from', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'Asia/Shanghai')::date`),
    /** The market's own credit weights over the defaults (contract/credit.ts); `{}`: the defaults. */
    creditWeights: jsonb('credit_weights').$type<Partial<CreditWeights>>().notNull().default({}),
  },
  (t) => [index('markets_registered_idx').on(t.registeredAt), index('markets_name_idx').on(t.name)],
)

export const users = pgTable(
  'users',
  {
    uk: text('uk').primaryKey(),
    username: text('username').notNull().unique(),
    /** scrypt over the client's MD5 hex: `scrypt$N$r$p$salt$hash`. */
    passwordHash: text('password_hash').notNull(),
    role: integer('role').notNull(),
    status: integer('status').notNull().default(1),
    marketId: uuid('market_id').references(() => markets.id, { onDelete: 'restrict' }),
    avatar: text('avatar'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    extInfo: jsonb('ext_info').$type<Record<string, unknown>>(),
  },
  (t) => [index('users_market_idx').on(t.marketId)],
)

/** Console sessions. Only a SHA-256 of the token is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userUk: text('user_uk')
      .notNull()
      .references(() => users.uk, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userUk)],
)

/** Failed sign-in counters per username and per client address (kept in the database so every instance agrees). */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
})

/**
 * Who changed what, when (issue 23 §1). Never holds a password, a secret, a token or a hash; bank
 * numbers and ID card numbers only masked (server/lib/audit.ts, `displayValue`). `entity` holds the record's area
 * (contract/audit.ts AUDIT_AREAS) and `action` its action, bare (`edit`, not `market.update`: migration
 * 0012 renamed the older ones). `market_id` is the record's market, null for a record of no market (an
 * OFFICIAL's own account), so a MARKET reader's scope is a condition on this table alone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: generatedId(),
    actorUk: text('actor_uk'),
    action: text('action').notNull(),
    area: text('entity').notNull(),
    recordId: text('entity_id').notNull(),
    marketId: uuid('market_id'),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>(),
    at: createdAt(),
  },
  (t) => [
    // Newest first overall, within a market, of one record, by one account, of one action (the list's
    // filters that can be rare; area is never rarer than a quarter). Each ends in (at, id): the list's
    // order, so a page is read from the index in order and stops after its rows. Ascending on purpose:
    // read backwards they give `order by at desc, id desc` exactly (drizzle's .desc() makes DESC NULLS
    // LAST, which that order by, DESC NULLS FIRST, cannot use: it sorted a million rows, 200 ms).
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_market_at_idx').on(t.marketId, t.at, t.id),
    index('audit_log_record_at_idx').on(t.recordId, t.at, t.id),
    index('audit_log_actor_at_idx').on(t.actorUk, t.at, t.id),
    index('audit_log_action_at_idx').on(t.action, t.at, t.id),
  ],
)

/**
 * Records whose to-do was sent (server/messages/record-todos.ts): claimed by the key in the
 * transaction that posts the to-dos, so each goes out once whatever runs the job. Migration 0017 (it
 * took over 0015's pesticide_test_todos). No foreign key: the kinds point at different tables, and a
 * claim outliving its record costs a row.
 */
export const recordTodos = pgTable(
  'record_todos',
  {
    /** The to-dos' message_type. */
    type: text('type').notNull(),
    marketId: uuid('market_id').notNull(),
    recordKey: text('record_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.marketId, t.recordKey] })],
)

/** The message box (SPEC §2): per-user messages, notices (e.g. a failed pesticide test) and todos. */
export const messages = pgTable(
  'messages',
  {
    id: generatedId(),
    userUk: text('user_uk')
      .notNull()
      .references(() => users.uk, { onDelete: 'cascade' }),
    type: text('type').$type<'message' | 'notice' | 'todo'>().notNull(),
    /** The text as written: what a reader sees when the row has no key (or its key is gone). */
    title: text('title').notNull(),
    subTitle: text('sub_title'),
    avatar: text('avatar'),
    content: text('content').notNull(),
    /** Message keys (messages/*.json) with `params`: the system's messages read in the reader's language. */
    titleKey: text('title_key'),
    subTitleKey: text('sub_title_key'),
    contentKey: text('content_key'),
    params: jsonb('params').$type<Record<string, string | number>>(),
    /** What the system wrote it for (notice/todo): pesticide_failed, device_offline, … */
    messageType: text('message_type'),
    /** 0 unread, 1 read. */
    status: integer('status').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('messages_user_type_idx').on(t.userUk, t.type, t.status, t.createdAt)],
)

/** Raw bytes; PGlite hands back a Uint8Array, postgres-js a Buffer (also a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/** Uploaded images (DESIGN §6): in the database, re-encoded on upload, content-hashed, <= 5 MB. */
export const files = pgTable(
  'files',
  {
    id: generatedId(),
    sha256: text('sha256').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    /** A small WebP preview made at upload; null on rows stored before thumbnails existed (made on first request). */
    thumbnail: bytea('thumbnail'),
    uploadedBy: text('uploaded_by').notNull(),
    /** Set when a market's form references it; scopes who may read it. */
    marketId: uuid('market_id'),
    createdAt: createdAt(),
  },
  // The same picture uploaded twice by one person is stored once while no form holds it; once a market
  // holds it, the next upload of those bytes is a file of its own (for another market's form).
  (t) => [
    uniqueIndex('files_uploader_hash_unclaimed_unique')
      .on(t.uploadedBy, t.sha256)
      .where(sql`${t.marketId} is null`),
    index('files_uploader_hash_idx').on(t.uploadedBy, t.sha256),
    index('files_market_idx').on(t.marketId),
  ],
)

/**
 * Stallholders (SPEC §3). One account each (role MERCHANT, which cannot sign in to the console). A
 * merchant who leaves keeps its row (status 'left'): transactions and tests stay attached to it.
 */
export const merchants = pgTable(
  'merchants',
  {
    id: generatedId(),
    marketId: uuid('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'restrict' }),
    accountUk: text('account_uk')
      .notNull()
      .unique()
      .references(() => users.uk, { onDelete: 'restrict' }),
    /** Copied from the account (never changes): the list searches and sorts it without a join. */
    accountUsername: text('account_username').notNull(),
    name: text('name').notNull(),
    /** The three bank numbers are fixed once a value is saved. */
    bankMerchantNo: text('bank_merchant_no').notNull(),
    otherBankNo: text('other_bank_no').notNull().default(''),
    paymentSubMerchantNo: text('payment_sub_merchant_no').notNull().default(''),
    stallNo: text('stall_no').notNull(),
    phone: text('phone').notNull(),
    idCardNo: text('id_card_no').notNull(),
    creditCode: text('credit_code').notNull().default(''),
    category: text('category').notNull(),
    age: integer('age').notNull(),
    gender: text('gender').notNull(),
    political: text('political').notNull().default(''),
    education: text('education').notNull().default(''),
    address: text('address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    healthCertificateFileId: uuid('health_certificate_file_id'),
    foodLicenceFileId: uuid('food_licence_file_id'),
    status: text('status').notNull().default('active'),
    /**
     * The credit rating (issue 26 §3): computed by server/credit from the market's records of the last
     * 90 days, never written otherwise; kept here so every page, the list and the export read the same.
     */
    creditStars: smallint('credit_stars').notNull().default(5),
    creditPoints: integer('credit_points').notNull().default(0),
    creditReasons: jsonb('credit_reasons').$type<CreditReasonCount[]>().notNull().default([]),
    creditComputedAt: timestamp('credit_computed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the list's search box looks in, lower-cased, with a trigram index (pg_trgm). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || stall_no || ' ' || phone || ' ' || account_username)`),
    /**
     * The same text's pieces of one or two characters that are not all ASCII (王, 秀英): what a search
     * too short for trigrams looks up (search_grams_of, a function migration 0006 creates).
     */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`search_grams_of(lower(name || ' ' || stall_no || ' ' || phone || ' ' || account_username))`,
      ),
    /**
     * The worse state of its two licences today (contract/licence-state.ts), kept by every licence
     * write and the daily licence job (server/licences/job.ts): the list filters and sorts by it.
     */
    licenceState: text('licence_state').notNull().default('missing'),
    /** The state's place, worst first (LICENCE_STATES), which the list sorts and filters by. */
    licenceRank: smallint('licence_rank')
      .notNull()
      .generatedAlwaysAs(
        sql`case licence_state when 'expired' then 0 when 'missing' then 1 when 'expiring' then 2 else 3 end`,
      ),
  },
  (t) => [
    // A stall has one active merchant; a merchant who left frees it.
    uniqueIndex('merchants_market_stall_active_unique')
      .on(t.marketId, t.stallNo)
      .where(sql`status = 'active'`),
    index('merchants_market_created_idx').on(t.marketId, t.createdAt, t.id),
    index('merchants_market_category_idx').on(t.marketId, t.category),
    // Each sort of the all-markets list has an index ending in the filters' columns, and one led by
    // the category filter: a page deep in a sorted, filtered list of 200,000 is read from an index
    // alone, skipping only entries that match (migration 0006).
    index('merchants_created_idx').on(t.createdAt, t.id, t.category, t.status),
    index('merchants_name_idx').on(t.name, t.id, t.category, t.status),
    index('merchants_stall_idx').on(t.stallNo, t.id, t.category, t.status),
    index('merchants_account_username_idx').on(t.accountUsername, t.id, t.category, t.status),
    index('merchants_category_idx').on(t.category, t.id, t.status),
    index('merchants_category_created_idx').on(t.category, t.createdAt, t.id, t.status),
    index('merchants_category_name_idx').on(t.category, t.name, t.id, t.status),
    index('merchants_category_stall_idx').on(t.category, t.stallNo, t.id, t.status),
    index('merchants_category_account_username_idx').on(t.category, t.accountUsername, t.id, t.status),
    // Searches of three characters or more: trigrams. Of one or two characters, not all ASCII (a
    // surname, a given name), which have no trigram: search_grams. Each with the list's filters
    // (btree_gin), so a search and a filter are one index scan, not two bitmaps ANDed (migration 0006).
    index('merchants_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`, t.category, t.status),
    index('merchants_search_grams_idx').using('gin', t.searchGrams, t.category, t.status),
    // The licence and credit filters (newest first) and sorts, in a market and across markets. Across
    // markets each ends in the other filters' columns, so a category or status with them, and their
    // capped count, are read from the index alone (migration 0021).
    index('merchants_market_licence_created_idx').on(t.marketId, t.licenceRank, t.createdAt, t.id),
    index('merchants_market_licence_idx').on(t.marketId, t.licenceRank, t.id),
    index('merchants_licence_created_idx').on(t.licenceRank, t.createdAt, t.id, t.category, t.status),
    index('merchants_licence_idx').on(t.licenceRank, t.id, t.category, t.status),
    index('merchants_market_credit_created_idx').on(t.marketId, t.creditStars, t.createdAt, t.id),
    index('merchants_market_credit_idx').on(t.marketId, t.creditStars, t.id),
    index('merchants_credit_created_idx').on(t.creditStars, t.createdAt, t.id, t.category, t.status),
    index('merchants_credit_idx').on(t.creditStars, t.id, t.category, t.status),
  ],
)

/**
 * How many merchants each market has in each category and status, and all markets together under
 * ALL_MARKETS, kept by triggers on merchants (migration 0006): a list's total without a search is a
 * sum of at most 18 rows, not a count of 200,000. No foreign key: a market loses its merchants before
 * it can go, and its rows then hold 0.
 */
export const ALL_MARKETS = '00000000-0000-0000-0000-000000000000'

export const merchantCounts = pgTable(
  'merchant_counts',
  {
    marketId: uuid('market_id').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.category, t.status] })],
)

/**
 * A device bound to a stall (issue 9). Unbinding keeps the row (unbound_at set, secret gone): its
 * transactions and tests stay with the merchant it was bound to then. A code is bound once at a time.
 */
export const devices = pgTable(
  'devices',
  {
    id: generatedId(),
    marketId: uuid('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    stallNo: text('stall_no').notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    /** SHA-256 of the secret (256 random bits, so a fast hash is enough); null once unbound. */
    secretHash: text('secret_hash'),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    boundBy: text('bound_by'),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** What the last status event said (online/offline changes are published once, by whoever flips it). */
    online: boolean('online').notNull().default(false),
    /** What the list's search box looks in: code, stall and the merchant's name (copied at binding). */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    uniqueIndex('devices_code_bound_unique')
      .on(t.code)
      .where(sql`unbound_at IS NULL`),
    index('devices_market_bound_idx').on(t.marketId, t.boundAt),
    index('devices_bound_idx').on(t.boundAt, t.id),
    index('devices_merchant_idx').on(t.merchantId),
    index('devices_online_idx')
      .on(t.lastSeenAt)
      .where(sql`online`),
    index('devices_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

/**
 * Every event a device sent, once: the database's guard against a resend, whatever the event's kind.
 * Keyed by the market, the device's code and the device's own id (migration 0009), not by the
 * binding: a terminal unbound and bound again in the same market (or given a new secret) resends its
 * buffer and counts nothing twice; bound in another market, its ids start afresh there. The market
 * leads the key, so the ledger can be split by market. Payments keep their amount and what was
 * refunded of it, so a refund can never exceed its payment, even when two arrive at once.
 */
export const deviceEvents = pgTable(
  'device_events',
  {
    /** The binding that stored it (devices.id). */
    deviceId: uuid('device_id').notNull(),
    eventId: text('event_id').notNull(),
    marketId: uuid('market_id').notNull(),
    /** The device's code (devices.code, upper case): what the key names, across bindings. */
    deviceCode: text('device_code').notNull(),
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    method: text('method'),
    amountFen: bigint('amount_fen', { mode: 'number' }),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.deviceCode, t.eventId] })],
)

/**
 * Payments and refunds (a refund is its own row, amount positive), partitioned by day of
 * occurred_at (migration 0007: PARTITION BY RANGE, partitions made ahead by ensure_day_partitions).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    marketId: uuid('market_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    merchantId: uuid('merchant_id'),
    stallNo: text('stall_no').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    method: text('method').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** A refund's payment (the device's own id of it). */
    paymentEventId: text('payment_event_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.occurredAt, t.id] }),
    // A market's rows by time; it also carries type, method and amount (INCLUDE, migration 0023: drizzle's
    // index builder has no include) so the list's capped count of those filters reads the index alone.
    index('transactions_market_time_cover_idx').on(t.marketId, t.occurredAt),
    index('transactions_merchant_time_idx').on(t.merchantId, t.occurredAt),
    // The transactions list's search by a device's event id across all markets, newest first, read off
    // the index (migration 0013); within one market the market's own index is narrower.
    index('transactions_event_time_idx').on(t.eventId, t.occurredAt, t.id),
    // Refunds by time across every market (the list's refunds-only pages without a market), ~1% of rows.
    // Migration 0025 makes it on the parent alone; server/db/partition-indexes.ts builds each day part's
    // without blocking the ingest and attaches it (day parts made later get theirs at once).
    index('transactions_refund_time_idx')
      .on(t.occurredAt, t.id)
      .where(sql`type = 'refund'`),
    // A payment's refunds (its detail page): refunds only, so the index stays small.
    index('transactions_refund_payment_idx')
      .on(t.marketId, t.paymentEventId)
      .where(sql`payment_event_id IS NOT NULL`),
  ],
)

/** What passenger counters counted, per interval; partitioned by day like transactions. */
export const passengerCounts = pgTable(
  'passenger_counts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    marketId: uuid('market_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    eventId: text('event_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodSeconds: integer('period_seconds').notNull(),
    countIn: integer('count_in').notNull(),
    countOut: integer('count_out').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.periodStart, t.id] }),
    index('passenger_counts_market_time_idx').on(t.marketId, t.periodStart),
  ],
)

/**
 * Pesticide-residue tests (DESIGN §6): few a day, kept whole. Keyed by market and id (migration 0010):
 * nothing looks a test up by its id alone, and a table split by market needs the market in its key.
 */
export const pesticideTests = pgTable(
  'pesticide_tests',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    marketId: uuid('market_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    eventId: text('event_id').notNull(),
    merchantId: uuid('merchant_id'),
    stallNo: text('stall_no').notNull(),
    produce: text('produce').notNull(),
    inhibitionPct: numeric('inhibition_pct', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    result: text('result').notNull(),
    testedAt: timestamp('tested_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.marketId, t.id] }),
    index('pesticide_tests_market_time_idx').on(t.marketId, t.testedAt),
    // The platform's latest tests (all markets): without it, every view sorted every test.
    index('pesticide_tests_time_idx').on(t.testedAt),
    // The follow-up job's failures (a few of every market's tests), by time (migration 0015).
    index('pesticide_tests_failed_time_idx')
      .on(t.testedAt)
      .where(sql`result = 'fail'`),
    // A merchant's failures, for its credit (migration 0018).
    index('pesticide_tests_failed_merchant_idx')
      .on(t.marketId, t.merchantId, t.testedAt)
      .where(sql`result = 'fail'`),
  ],
)

/**
 * What a market did about a failed test (issue 25 §3), recorded by its operator: one row a test, held
 * by the key (two recordings at once: one is stored, the other is 40900). Who and when are the
 * server's. Migration 0015.
 */
export const pesticideTestFollowUps = pgTable(
  'pesticide_test_follow_ups',
  {
    marketId: uuid('market_id').notNull(),
    testId: uuid('test_id').notNull(),
    /** contract/pesticide-tests.ts FOLLOW_UP_ACTIONS, one or more. */
    actions: text('actions').array().notNull(),
    note: text('note').notNull().default(''),
    recordedBy: text('recorded_by')
      .notNull()
      .references(() => users.uk),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'pesticide_test_follow_ups_test_unique', columns: [t.marketId, t.testId] }),
    foreignKey({
      name: 'pesticide_test_follow_ups_test_fk',
      columns: [t.marketId, t.testId],
      foreignColumns: [pesticideTests.marketId, pesticideTests.id],
    }).onDelete('cascade'),
  ],
)

/**
 * A figure a rollup row adds up: 64-bit, counts as well as money (migration 0009), for what a
 * province produces over years. Read into a JS number: exact up to 2^53, approximate beyond.
 */
const figure = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0)

/** The figures a rollup row adds up (DESIGN §8): kept on ingest, in the ingest's transaction. */
const rollupFigures = () => ({
  payments: figure('payments'),
  paymentFen: figure('payment_fen'),
  refunds: figure('refunds'),
  refundFen: figure('refund_fen'),
  passengersIn: figure('passengers_in'),
  passengersOut: figure('passengers_out'),
  tests: figure('tests'),
  testsFailed: figure('tests_failed'),
})

/** Per market per minute (live widgets: the last hour, passengers per 10 minutes today). */
export const marketMinuteStats = pgTable(
  'market_minute_stats',
  {
    marketId: uuid('market_id').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    ...rollupFigures(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.minute] }), index('market_minute_stats_minute_idx').on(t.minute)],
)

/** Per market per Shanghai day (today's figures, the 30-day statistic). */
export const marketDayStats = pgTable(
  'market_day_stats',
  {
    marketId: uuid('market_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...rollupFigures(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.day] }), index('market_day_stats_day_idx').on(t.day)],
)

/** Per merchant per Shanghai day (the rankings). */
export const merchantDayStats = pgTable(
  'merchant_day_stats',
  {
    merchantId: uuid('merchant_id').notNull(),
    marketId: uuid('market_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    payments: figure('payments'),
    paymentFen: figure('payment_fen'),
    refunds: figure('refunds'),
    refundFen: figure('refund_fen'),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.day] }),
    index('merchant_day_stats_market_day_idx').on(t.marketId, t.day),
    index('merchant_day_stats_day_idx').on(t.day),
  ],
)

/** Per market per Shanghai day per payment method (the payment-method ratio). */
export const methodDayStats = pgTable(
  'method_day_stats',
  {
    marketId: uuid('market_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    payments: figure('payments'),
    paymentFen: figure('payment_fen'),
    /** Refunds by their payment's method (migration 0024): a method's total of both kinds is exact. */
    refunds: figure('refunds'),
    refundFen: figure('refund_fen'),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.day, t.method] }), index('method_day_stats_day_idx').on(t.day)],
)

/**
 * The scheduled jobs' runs (server/lib/scheduled-jobs.ts): one row per job and slot (a day, or the
 * start of an N-minute slot), claimed by an insert that conflicts, so several instances run a slot
 * once. No outcome yet: running (or its instance died: claimable again after the lease); `failed`:
 * tried again on the next tick, up to the job's attempts.
 */
export const scheduledJobRuns = pgTable(
  'scheduled_job_runs',
  {
    job: text('job').notNull(),
    slot: text('slot').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: text('outcome').$type<'ok' | 'failed'>(),
    attempts: integer('attempts').notNull().default(1),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
)

/**
 * Shoppers' complaints (issue 26 §2), registered by the market. `due_at` is fixed at registration
 * from the market's deadline then (a later change of the deadline moves no complaint already open);
 * overdue is computed against the clock when read. The complainant's name and contact are private.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: generatedId(),
    marketId: uuid('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'restrict' }),
    /** The market's own running number (markets.complaint_seq). */
    no: integer('no').notNull(),
    channel: text('channel').notNull(),
    category: text('category').notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    stallNo: text('stall_no').notNull(),
    description: text('description').notNull(),
    complainantName: text('complainant_name').notNull().default(''),
    complainantContact: text('complainant_contact').notNull().default(''),
    photoFileIds: jsonb('photo_file_ids').$type<string[]>().notNull().default([]),
    state: text('state').notNull().default('received'),
    outcome: text('outcome'),
    remedies: jsonb('remedies').$type<string[]>().notNull().default([]),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** When it was resolved or withdrawn. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    registeredBy: text('registered_by').notNull(),
  },
  (t) => [
    uniqueIndex('complaints_market_no_unique').on(t.marketId, t.no),
    index('complaints_market_received_idx').on(t.marketId, t.receivedAt, t.id),
    index('complaints_received_idx').on(t.receivedAt, t.id),
    // The open ones by due time: the overdue filter, the Workplace's counts and the to-do job.
    index('complaints_open_due_idx')
      .on(t.marketId, t.dueAt)
      .where(sql`state in ('received', 'handling')`),
    index('complaints_merchant_idx').on(t.merchantId, t.receivedAt),
    // The platform's list sorted by due time (migration 0019): without it, every such page sorted all.
    index('complaints_due_idx').on(t.dueAt, t.id),
  ],
)

/** Each step of a complaint (registered, taken up, resolved, withdrawn): who, when, their note. */
export const complaintSteps = pgTable(
  'complaint_steps',
  {
    /** In the order written: two steps in the same millisecond still read back in order. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    complaintId: uuid('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    marketId: uuid('market_id').notNull(),
    state: text('state').notNull(),
    actorUk: text('actor_uk'),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('complaint_steps_complaint_idx').on(t.complaintId, t.at)],
)

/**
 * Licences and certificates (issue 26 §1): a merchant's (merchant_id set) or its market's own
 * (merchant_id null), one of each kind. Days are Shanghai calendar days; valid_until is the last valid day.
 */
export const licences = pgTable(
  'licences',
  {
    id: generatedId(),
    marketId: uuid('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'restrict' }),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    authority: text('authority').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('licences_merchant_kind_unique')
      .on(t.merchantId, t.kind)
      .where(sql`merchant_id is not null`),
    uniqueIndex('licences_market_kind_unique')
      .on(t.marketId, t.kind)
      .where(sql`merchant_id is null`),
    // The reminder job: licences whose last day is 30 or 7 days away, or today.
    index('licences_valid_until_idx').on(t.validUntil),
  ],
)
