import { and, eq, isNull, sql } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import type { UnbindReason } from '../../contract/audit'
import { MERCHANT_DEVICE_KINDS, type DeviceKind } from '../../contract/device-list'
import type { BindDevice, DeviceSecret } from '../../contract/devices'
import { formatShanghaiTime } from '../../contract/time'
import { devices, markets, merchants } from '../db/schema'
import { writeAudit } from '../lib/audit'
import { withConflicts } from '../lib/conflicts'
import { ApiError } from '../lib/errors'
import type { MessageKey } from '../lib/i18n'
import { inScope, marketScope, ownMarket } from '../lib/scope'
import type { Transaction } from '../db/client'
import type { ServerDeps, SessionUser } from '../lib/types'
import { publishLive } from '../lib/live-publish'
import { credentialsChanged, credentialsHeard } from '../device-api/public'
import { hashSecret, newSecret } from '../lib/tokens'
import { deviceSearchText } from './queries'

/** Binding, unbinding and re-keying devices: each in one transaction, audited. */

const fieldError = (field: string, message: MessageKey) =>
  new ApiError(ApiCode.INVALID_INPUT, message, [{ field, message }])

/** Where the device stands and whose it is: a merchant's stall, or a place named by the caller. */
async function placement(deps: ServerDeps, marketId: string, input: BindDevice) {
  const [market] = await deps.db.select({ id: markets.id }).from(markets).where(eq(markets.id, marketId)).limit(1)
  if (!market) throw fieldError('marketId', 'error_market_not_found')
  if (input.merchantId) {
    const [merchant] = await deps.db
      .select({ id: merchants.id, stallNo: merchants.stallNo, name: merchants.name })
      .from(merchants)
      .where(and(eq(merchants.id, input.merchantId), eq(merchants.marketId, marketId), eq(merchants.status, 'active')))
      .limit(1)
    if (!merchant) throw fieldError('merchantId', 'error_device_merchant_not_found')
    return { merchantId: merchant.id, merchantName: merchant.name, stallNo: merchant.stallNo }
  }
  if (MERCHANT_DEVICE_KINDS.includes(input.kind)) throw fieldError('merchantId', 'error_device_merchant_required')
  if (!input.stallNo) throw fieldError('stallNo', 'error_device_location_required')
  return { merchantId: null, merchantName: null, stallNo: input.stallNo }
}

/**
 * Binds a device to a stall of the market and answers its secret, to be shown once (only its hash is
 * kept). A code bound anywhere (this market or another) is refused with 40900.
 */
export async function bindDevice(deps: ServerDeps, caller: SessionUser, input: BindDevice): Promise<DeviceSecret> {
  const marketId = ownMarket(caller, input.marketId)
  const place = await placement(deps, marketId, input)
  const secret = newSecret()
  const now = deps.clock()
  const id = await withConflicts(() =>
    deps.db.transaction(async (tx) => {
      // The merchant is still there (a leave at the same moment waits for this bind, or this for it:
      // either way the leave unbinds it or the bind is refused).
      if (place.merchantId) {
        const [active] = await tx
          .select({ id: merchants.id })
          .from(merchants)
          .where(and(eq(merchants.id, place.merchantId), eq(merchants.status, 'active')))
          .for('share')
        if (!active) throw fieldError('merchantId', 'error_device_merchant_not_found')
      }
      const [device] = await tx
        .insert(devices)
        .values({
          marketId,
          code: input.code,
          kind: input.kind,
          stallNo: place.stallNo,
          merchantId: place.merchantId,
          secretHash: hashSecret(secret),
          boundAt: now,
          boundBy: caller.uk,
          searchText: deviceSearchText(input.code, place.stallNo, place.merchantName),
        })
        .returning({ id: devices.id })
      if (!device) throw new Error('device insert returned nothing')
      await writeAudit(tx, marketId, {
        actorUk: caller.uk,
        area: 'device',
        action: 'bind',
        recordId: device.id,
        changes: {
          code: { before: null, after: input.code },
          kind: { before: null, after: input.kind },
          stallNo: { before: null, after: place.stallNo },
          merchant: { before: null, after: place.merchantName },
        },
        at: now,
      })
      return device.id
    }),
  )
  return { id, code: input.code, secret }
}

/** The condition for the bound device of `id`, if the caller may manage it. */
function scopedBound(caller: SessionUser, id: string) {
  return and(eq(devices.id, id), isNull(devices.unboundAt), inScope(devices.marketId, marketScope(caller)))
}

/**
 * Unbinds a device: its secret is revoked at once (its next call is refused), its row and history stay
 * with the merchant it was bound to. Subscribers hear it leave the list.
 */
export async function unbindDevice(deps: ServerDeps, caller: SessionUser, input: { id: string }): Promise<void> {
  const now = deps.clock()
  const code = await deps.db.transaction(async (tx) => {
    const [device] = await tx
      .update(devices)
      .set({ unboundAt: now, secretHash: null, online: false })
      .where(scopedBound(caller, input.id))
      .returning()
    if (!device) throw new ApiError(ApiCode.NOT_FOUND, 'error_device_not_found')
    await credentialsChanged(tx, [device.code])
    await writeAudit(tx, device.marketId, {
      actorUk: caller.uk,
      area: 'device',
      action: 'unbind',
      recordId: device.id,
      at: now,
    })
    await publishLive(tx, 'device', { marketId: device.marketId }, unboundEvent(device))
    return device.code
  })
  await credentialsHeard(deps, [code])
}

/** What subscribers hear of an unbound device: it leaves their lists. */
const unboundEvent = (device: typeof devices.$inferSelect) => ({
  deviceId: device.id,
  marketId: device.marketId,
  code: device.code,
  kind: device.kind as DeviceKind,
  online: false,
  unbound: true,
  lastSeenTime: device.lastSeenAt ? formatShanghaiTime(device.lastSeenAt) : null,
})

/** A new secret for a bound device, shown once; the old one stops working at once. */
export async function rotateDeviceSecret(
  deps: ServerDeps,
  caller: SessionUser,
  input: { id: string },
): Promise<DeviceSecret> {
  const secret = newSecret()
  const now = deps.clock()
  const rotated = await deps.db.transaction(async (tx) => {
    const [device] = await tx
      .update(devices)
      .set({ secretHash: hashSecret(secret) })
      .where(scopedBound(caller, input.id))
      .returning({ id: devices.id, code: devices.code, marketId: devices.marketId })
    if (!device) throw new ApiError(ApiCode.NOT_FOUND, 'error_device_not_found')
    await credentialsChanged(tx, [device.code])
    await writeAudit(tx, device.marketId, {
      actorUk: caller.uk,
      area: 'device',
      action: 'rotate_secret',
      recordId: device.id,
      at: now,
    })
    return { id: device.id, code: device.code, secret }
  })
  await credentialsHeard(deps, [rotated.code])
  return rotated
}

/**
 * A merchant's bound devices follow its stall and name (what their rows record and the list searches),
 * in the transaction that changed the merchant.
 */
export async function followMerchant(
  tx: Transaction,
  merchant: { id: string; name: string; stallNo: string },
): Promise<void> {
  const moved = await tx
    .update(devices)
    .set({
      stallNo: merchant.stallNo,
      searchText: sql`lower(${devices.code} || ' ' || ${merchant.stallNo} || ' ' || ${merchant.name})`,
    })
    .where(and(eq(devices.merchantId, merchant.id), isNull(devices.unboundAt)))
    .returning({ code: devices.code })
  // Their next calls carry the new stall and name on every instance.
  await credentialsChanged(
    tx,
    moved.map((device) => device.code),
  )
}

/**
 * A merchant who leaves takes its devices with it: they are unbound (secrets revoked) in the same
 * transaction, so no payment is ever recorded for a merchant who left or for the stall's next holder.
 */
export async function unbindMerchantDevices(
  tx: Transaction,
  caller: Pick<SessionUser, 'uk'>,
  merchantId: string,
  now: Date,
): Promise<void> {
  const gone = await tx
    .update(devices)
    .set({ unboundAt: now, secretHash: null, online: false })
    .where(and(eq(devices.merchantId, merchantId), isNull(devices.unboundAt)))
    .returning()
  await credentialsChanged(
    tx,
    gone.map((device) => device.code),
  )
  for (const device of gone) {
    await writeAudit(tx, device.marketId, {
      actorUk: caller.uk,
      area: 'device',
      action: 'unbind',
      recordId: device.id,
      changes: { reason: { before: null, after: 'merchant_left' satisfies UnbindReason } },
      at: now,
    })
    await publishLive(tx, 'device', { marketId: device.marketId }, unboundEvent(device))
  }
}
