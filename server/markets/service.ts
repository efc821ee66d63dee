import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { AUDIT_FIELDS } from '../../contract/audit'
import type { MarketLicences } from '../../contract/licences'
import type { MarketFields } from '../../contract/markets'
import { Role, UserStatus } from '../../contract/roles'
import { shanghaiDayStart, shanghaiToday } from '../../contract/time'
import { markets, users } from '../db/schema'
import { claimFiles } from '../files/public'
import { writeMarketLicences } from '../licences/public'
import { changedFields, writeAudit } from '../lib/audit'
import { assertUnchanged, withConflicts } from '../lib/conflicts'
import type { ServerDeps, SessionUser } from '../lib/types'
import { createAccount, expireSessions, forgetSessions, resetAccountPassword, setAccountStatus } from '../user/public'
import { hashPassword } from '../lib/passwords'
import { findMarket, toMarket } from './queries'

/** Writes to markets: each with its MARKET account, in one transaction, audited. */

const fileIds = (fields: MarketFields) =>
  [fields.businessLicenceFileId, fields.operatingLicenceFileId, ...fields.marketPhotoFileIds].filter(
    (id): id is string => Boolean(id),
  )

/** What the market's form compares for the audit (its licences and rules are compared where they are written). */
const NOT_FORM_FIELDS: readonly string[] = [
  'business_licence',
  'operating_licence',
  'licenceGraceDays',
  'complaintDeadlineDays',
]
const FORM_FIELDS = AUDIT_FIELDS.market.filter((field) => !NOT_FORM_FIELDS.includes(field))

type LicencesGiven = { licences?: MarketLicences | undefined }

/** The form's fields as columns (the account's username and status live on the account). */
function marketColumns(fields: MarketFields & LicencesGiven) {
  const {
    accountUsername: _username,
    accountStatus: _status,
    paymentBank: _bank,
    licences: _licences,
    registeredOn,
    ...columns
  } = fields
  return { ...columns, registeredAt: shanghaiDayStart(registeredOn) }
}

/** Registers a market and its MARKET account in one transaction: a failure leaves neither. */
export async function createMarket(
  deps: ServerDeps,
  caller: SessionUser,
  input: MarketFields & LicencesGiven & { password: string },
): Promise<{ id: string }> {
  const { db, clock } = deps
  const passwordHash = await hashPassword(input.password)
  return withConflicts(() =>
    db.transaction(async (tx) => {
      const accountUk = randomUUID()
      const [market] = await tx
        .insert(markets)
        // Its grace for merchants' licences starts the day it registers on the platform.
        .values({
          ...marketColumns(input),
          paymentBank: input.paymentBank,
          accountUk,
          licenceGraceFrom: shanghaiToday(clock()),
        })
        .returning({ id: markets.id })
      if (!market) throw new Error('market insert returned nothing')
      await createAccount(tx, {
        uk: accountUk,
        username: input.accountUsername,
        passwordHash,
        role: Role.MARKET,
        status: input.accountStatus,
        marketId: market.id,
      })
      await claimFiles(tx, { marketId: market.id, fileIds: fileIds(input) })
      const { password: _password, licences, ...audited } = input
      const licenceChanges = await writeMarketLicences(tx, { marketId: market.id, licences, at: clock() })
      await writeAudit(tx, market.id, {
        actorUk: caller.uk,
        area: 'market',
        action: 'register',
        recordId: market.id,
        changes: { ...changedFields<Record<string, unknown>>(null, audited, FORM_FIELDS), ...licenceChanges },
        at: clock(),
      })
      return { id: market.id }
    }),
  )
}

/** Edits a market and its account's username and status. The payment bank is fixed once saved (40900). */
export async function updateMarket(
  deps: ServerDeps,
  caller: SessionUser,
  input: { id: string; fields: MarketFields & LicencesGiven },
): Promise<void> {
  const { db, clock } = deps
  const { id, fields } = input
  const current = await findMarket(db, id)
  const before = toMarket(current)
  assertUnchanged(before, fields, { paymentBank: 'error_market_bank_unchangeable' })
  const frozen = fields.accountStatus !== UserStatus.NORMAL
  await withConflicts(() =>
    db.transaction(async (tx) => {
      await tx
        .update(markets)
        .set({ ...marketColumns(fields), updatedAt: clock() })
        .where(eq(markets.id, id))
      await tx
        .update(users)
        .set({ username: fields.accountUsername, status: fields.accountStatus })
        .where(eq(users.uk, current.account.uk))
      if (frozen) await expireSessions(tx, current.account.uk, clock())
      await claimFiles(tx, { marketId: id, fileIds: fileIds(fields) })
      const changes = {
        ...changedFields<Record<string, unknown>>(before, fields, FORM_FIELDS),
        ...(await writeMarketLicences(tx, { marketId: id, licences: fields.licences, at: clock() })),
      }
      if (Object.keys(changes).length > 0)
        await writeAudit(tx, id, {
          actorUk: caller.uk,
          area: 'market',
          action: 'edit',
          recordId: id,
          changes,
          at: clock(),
        })
    }),
  )
  if (frozen) await forgetSessions(deps, current.account.uk)
}

/** Freezing the market's account ends its sessions at once; unfreezing lets it sign in again. */
export async function setMarketStatus(
  deps: ServerDeps,
  caller: SessionUser,
  input: { id: string; status: number },
): Promise<void> {
  const { account } = await findMarket(deps.db, input.id)
  await setAccountStatus(deps, caller, {
    uk: account.uk,
    status: input.status,
    subject: { area: 'market', recordId: input.id, marketId: input.id },
  })
}

/** A new random password for the market's account, returned once. */
export async function resetMarketPassword(
  deps: ServerDeps,
  caller: SessionUser,
  input: { id: string },
): Promise<string> {
  const { account } = await findMarket(deps.db, input.id)
  return resetAccountPassword(deps, caller, {
    uk: account.uk,
    subject: { area: 'market', recordId: input.id, marketId: input.id },
  })
}
