import { and, eq, isNull, lte, sql } from 'drizzle-orm'
import { ONLINE_WINDOW_MS, type DeviceKind } from '../../contract/device-list'
import { formatShanghaiTime } from '../../contract/time'
import type { Database, Transaction } from '../db/client'
import { devices } from '../db/schema'
import { publishLive } from '../live/publish'
import type { AuthedDevice } from './auth'

/**
 * A device called: its last-seen time moves on, and if it was offline (never seen, or silent for two
 * minutes) subscribers hear it come online. The old values are read under the row's lock, so of two
 * calls at once only one announces it.
 */
export async function markSeen(tx: Transaction, device: AuthedDevice, now: Date): Promise<void> {
  const [old] = await tx
    .select({ online: devices.online, lastSeenAt: devices.lastSeenAt })
    .from(devices)
    .where(eq(devices.id, device.id))
    .for('update')
  await tx
    .update(devices)
    .set({ lastSeenAt: sql`greatest(${devices.lastSeenAt}, ${now.toISOString()}::timestamptz)`, online: true })
    .where(eq(devices.id, device.id))
  const lastSeen = old?.lastSeenAt ?? null
  const wasOnline = Boolean(old?.online) && lastSeen !== null && lastSeen.getTime() > now.getTime() - ONLINE_WINDOW_MS
  if (!wasOnline)
    await publishLive(
      tx,
      'device',
      { marketId: device.marketId },
      {
        deviceId: device.id,
        marketId: device.marketId,
        code: device.code,
        kind: device.kind,
        online: true,
        unbound: false,
        lastSeenTime: formatShanghaiTime(now),
      },
    )
}

/**
 * Devices silent for two minutes go offline, announced once: the UPDATE flips each flag exactly once,
 * whichever instance runs it. Answers how many went offline.
 */
export async function sweepOfflineDevices(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .update(devices)
      .set({ online: false })
      .where(
        and(
          eq(devices.online, true),
          isNull(devices.unboundAt),
          lte(devices.lastSeenAt, new Date(now.getTime() - ONLINE_WINDOW_MS)),
        ),
      )
      .returning()
    for (const device of gone)
      await publishLive(
        tx,
        'device',
        { marketId: device.marketId },
        {
          deviceId: device.id,
          marketId: device.marketId,
          code: device.code,
          kind: device.kind as DeviceKind,
          online: false,
          unbound: false,
          lastSeenTime: device.lastSeenAt ? formatShanghaiTime(device.lastSeenAt) : null,
        },
      )
    return gone.length
  })
}
