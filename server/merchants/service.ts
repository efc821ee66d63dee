import { and, eq, or, sql } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import { AUDIT_FIELDS } from '../../contract/audit'
import type { MerchantStatus } from '../../contract/merchant-list'
import type { MerchantLicences } from '../../contract/licences'
import { FIXED_BANK_FIELDS, type Merchant, type MerchantFields } from '../../contract/merchants'
import { shanghaiToday } from '../../contract/time'
import { Role, UserStatus } from '../../contract/roles'
import type { Transaction } from '../db/client'
import { markets, merchants, users } from '../db/schema'
import { claimFiles } from '../files/public'
import { changedFields, writeAudit } from '../lib/audit'
import { assertUnchanged, withConflicts } from '../lib/conflicts'
import { ApiError } from '../lib/errors'
import { ownMarket } from '../lib/scope'
import { devicesHeard, followMerchant, unbindMerchantDevices } from '../devices/public'
import { recomputeCredit } from '../credit/public'
import { writeMerchantLicences } from '../licences/public'
import type { ServerDeps, SessionUser } from '../lib/types'
import { createAccount, endSessions, forgetSessions, resetAccountPassword } from '../user/public'
import { generateClearPassword, hashPassword, md5Hex } from '../lib/passwords'
import { findMerchant, toMerchant } from './queries'

/** Writes to merchants: each with its MERCHANT account, in one transaction, audited. */

/** What registering and editing compare: the form's fields (status and the account's status change by their own actions). */
const FORM_FIELDS = AUDIT_FIELDS.merchant.filter((field) => field !== 'status' && field !== 'accountStatus')

const fileIds = (fields: MerchantFields) =>
  [fields.healthCertificateFileId, fields.foodLicenceFileId].filter((id): id is string => Boolean(id))

/**
 * The next account username of a market: its operator's username, a hyphen and a four-digit number
 * (0314888-0001). The counter is bumped with a row lock, so concurrent registrations get distinct
 * numbers; the hyphen keeps merchant usernames apart from market ones (contract/markets.ts pattern).
 */
async function nextAccountUsername(tx: Transaction, marketId: string): Promise<string> {
  const [market] = await tx
    .update(markets)
    .set({ merchantSeq: sql`${markets.merchantSeq} + 1` })
    .where(eq(markets.id, marketId))
    .returning({ seq: markets.merchantSeq, accountUk: markets.accountUk })
  if (!market)
    throw new ApiError(ApiCode.INVALID_INPUT, 'error_market_not_found', [
      { field: 'marketId', message: 'error_market_not_found' },
    ])
  const [owner] = market.accountUk
    ? await tx.select({ username: users.username }).from(users).where(eq(users.uk, market.accountUk)).limit(1)
    : []
  return `${owner?.username ?? 'M'}-${String(market.seq).padStart(4, '0')}`
}

/**
 * Registers a merchant and its account in one transaction (a failure leaves neither) and returns the
 * account's username and initial password, to be shown once.
 */
export async function createMerchant(
  deps: ServerDeps,
  caller: SessionUser,
  input: MerchantFields & { marketId?: string | undefined; licences?: MerchantLicences | undefined },
): Promise<{ id: string; accountUsername: string; clearPwd: string }> {
  const { db, clock } = deps
  const marketId = ownMarket(caller, input.marketId)
  const clearPwd = generateClearPassword()
  const passwordHash = await hashPassword(md5Hex(clearPwd))
  const { marketId: _market, licences, ...fields } = input
  return withConflicts(() =>
    db.transaction(async (tx) => {
      const accountUsername = await nextAccountUsername(tx, marketId)
      const accountUk = await createAccount(tx, {
        username: accountUsername,
        passwordHash,
        role: Role.MERCHANT,
        status: UserStatus.NORMAL,
        marketId,
      })
      const [merchant] = await tx
        .insert(merchants)
        .values({ ...fields, marketId, accountUk, accountUsername })
        .returning({ id: merchants.id })
      if (!merchant) throw new Error('merchant insert returned nothing')
      await claimFiles(tx, { marketId, fileIds: fileIds(fields) })
      const at = clock()
      const licenceChanges = await writeMerchantLicences(tx, {
        marketId,
        merchantId: merchant.id,
        licences,
        today: shanghaiToday(at),
        at,
      })
      // A licence missing or expired counts against its credit (once the market's grace is over).
      await recomputeCredit(tx, marketId, [merchant.id], at)
      await writeAudit(tx, marketId, {
        actorUk: caller.uk,
        area: 'merchant',
        action: 'register',
        recordId: merchant.id,
        changes: { ...changedFields<Record<string, unknown>>(null, fields, FORM_FIELDS), ...licenceChanges },
        at,
      })
      return { id: merchant.id, accountUsername, clearPwd }
    }),
  )
}

/**
 * The bank numbers an edit writes (those it gives), each only where the saved one is still empty or the
 * same: the UPDATE repeats the rule, so two edits at once cannot both fill an empty number differently.
 */
function bankNumbersToWrite(fields: MerchantFields) {
  const given = FIXED_BANK_FIELDS.filter((field) => fields[field] !== '')
  return {
    values: Object.fromEntries(given.map((field) => [field, fields[field]])),
    stillFree: and(...given.map((field) => or(eq(merchants[field], ''), eq(merchants[field], fields[field])))),
  }
}

const BANK_MESSAGES = Object.fromEntries(
  FIXED_BANK_FIELDS.map((field) => [field, 'error_merchant_bank_unchangeable']),
) as Record<(typeof FIXED_BANK_FIELDS)[number], 'error_merchant_bank_unchangeable'>

/** Edits a merchant. Its bank numbers, once given, cannot change (40900); an empty one may be given. */
export async function updateMerchant(
  deps: ServerDeps,
  caller: SessionUser,
  input: { id: string; fields: MerchantFields & { licences?: MerchantLicences | undefined } },
): Promise<void> {
  const { db, clock } = deps
  const { id } = input
  const before = toMerchant(await findMerchant(db, caller, id))
  // Numbers not given yet are free to fill; an empty field in the request leaves a saved one as it is.
  const given = Object.fromEntries(
    FIXED_BANK_FIELDS.filter((field) => before[field] !== '' && input.fields[field] !== '').map((field) => [
      field,
      input.fields[field],
    ]),
  ) as Partial<Merchant>
  assertUnchanged(before, given, BANK_MESSAGES)
  const { bankMerchantNo: _b, otherBankNo: _o, paymentSubMerchantNo: _p, licences, ...editable } = input.fields
  const bank = bankNumbersToWrite(input.fields)
  const { licences: _licences, ...formFields } = input.fields
  const fields: MerchantFields = {
    ...formFields,
    ...Object.fromEntries(FIXED_BANK_FIELDS.map((field) => [field, input.fields[field] || before[field]])),
  }
  await withConflicts(() =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(merchants)
        .set({ ...editable, ...bank.values, updatedAt: clock() })
        .where(and(eq(merchants.id, id), bank.stillFree))
        .returning({ id: merchants.id })
      // Name the numbers this edit was filling (empty when read, so a concurrent edit filled one
      // first), not always bankMerchantNo: the form shows the message under the field named.
      if (updated.length === 0)
        throw new ApiError(
          ApiCode.CONFLICT,
          'error_merchant_bank_unchangeable',
          FIXED_BANK_FIELDS.filter((field) => before[field] === '' && input.fields[field] !== '').map((field) => ({
            field,
            message: 'error_merchant_bank_unchangeable',
          })),
        )
      await claimFiles(tx, { marketId: before.marketId, fileIds: fileIds(fields) })
      if (fields.name !== before.name || fields.stallNo !== before.stallNo)
        await followMerchant(tx, { id, name: fields.name, stallNo: fields.stallNo })
      const at = clock()
      const licenceChanges = await writeMerchantLicences(tx, {
        marketId: before.marketId,
        merchantId: id,
        licences,
        today: shanghaiToday(at),
        at,
      })
      if (Object.keys(licenceChanges).length > 0) await recomputeCredit(tx, before.marketId, [id], at)
      const changes = { ...changedFields<Record<string, unknown>>(before, fields, FORM_FIELDS), ...licenceChanges }
      if (Object.keys(changes).length > 0)
        await writeAudit(tx, before.marketId, {
          actorUk: caller.uk,
          area: 'merchant',
          action: 'edit',
          recordId: id,
          changes,
          at,
        })
    }),
  )
}

/**
 * A merchant leaves (its stall is free for another, its account frozen, its history kept) or comes
 * back (its stall must still be free: 40900 otherwise). Setting the status it already has changes
 * nothing.
 */
export async function setMerchantStatus(
  deps: ServerDeps,
  caller: SessionUser,
  input: { id: string; status: MerchantStatus },
): Promise<void> {
  const { db, clock } = deps
  const { merchant } = await findMerchant(db, caller, input.id)
  const leaving = input.status === 'left'
  const changed = await withConflicts(() =>
    db.transaction(async (tx) => {
      const rows = await tx
        .update(merchants)
        .set({ status: input.status, updatedAt: clock() })
        .where(and(eq(merchants.id, merchant.id), eq(merchants.status, leaving ? 'active' : 'left')))
        .returning({ id: merchants.id })
      if (rows.length === 0) return false
      await tx
        .update(users)
        .set({ status: leaving ? UserStatus.FROZEN : UserStatus.NORMAL })
        .where(eq(users.uk, merchant.accountUk))
      if (leaving) {
        await endSessions(tx, merchant.accountUk)
        await unbindMerchantDevices(tx, caller, merchant.id, clock())
      }
      await writeAudit(tx, merchant.marketId, {
        actorUk: caller.uk,
        area: 'merchant',
        action: leaving ? 'leave' : 'return',
        recordId: merchant.id,
        changes: { status: { before: leaving ? 'active' : 'left', after: input.status } },
        at: clock(),
      })
      return true
    }),
  )
  if (changed && leaving) await Promise.all([forgetSessions(deps, merchant.accountUk), devicesHeard(deps)])
}

/** A new random password for the merchant's account, returned once. */
export async function resetMerchantPassword(
  deps: ServerDeps,
  caller: SessionUser,
  input: { id: string },
): Promise<string> {
  const { merchant } = await findMerchant(deps.db, caller, input.id)
  return resetAccountPassword(deps, caller, {
    uk: merchant.accountUk,
    subject: { area: 'merchant', recordId: merchant.id, marketId: merchant.marketId },
  })
}
