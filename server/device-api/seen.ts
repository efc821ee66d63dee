import { sql } from 'drizzle-orm'
import { ONLINE_WINDOW_MS, type DeviceKind } from '../../contract/device-list'
import { formatShanghaiTime } from '../../contract/time'
import { rowsOf, type Database, type Transaction } from '../db/client'
import { publishLiveMany } from '../lib/live-publish'
import type { AuthedDevice } from './auth'
import { literal } from './rollups'

/**
 * A device called: its last-seen time moves on, and if it was offline (never seen, or silent for two
 * minutes) subscribers hear it come online. The old values are read under the row's lock, so of two
 * calls at once only one announces it.
 */
export async function markSeen(tx: Transaction, device: AuthedDevice, now: Date): Promise<void> {
  await markAllSeen(tx, [device], now)
}

/**
 * markSeen for several devices in one statement: each row locked (in id order, the order every caller
 * follows) and its old state read, then updated.
 */
export async function markAllSeen(tx: Transaction, seen: readonly AuthedDevice[], now: Date): Promise<void> {
  if (seen.length === 0) return
  const ids = [...new Set(seen.map((device) => device.id))].sort()
  // Literals, not parameters: one message to the server, not a Parse/Describe round trip first.
  const cutoff = new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString()
  const rows = rowsOf<{ id: string; was_online: boolean }>(
    await tx.execute(sql`
      with old as (
        select id, online, last_seen_at from devices
        where id in (select value::uuid from json_array_elements_text(${literal(JSON.stringify(ids))}::json))
        order by id for update
      )
      update devices
      set last_seen_at = greatest(devices.last_seen_at, ${literal(now.toISOString())}::timestamptz), online = true
      from old where devices.id = old.id
      returning devices.id,
        (old.online and old.last_seen_at is not null
          and old.last_seen_at > ${literal(cutoff)}::timestamptz) as was_online`),
  )
  const wasOnline = new Map(rows.map((row) => [row.id, row.was_online]))
  const announced = new Map<string, AuthedDevice>()
  for (const device of seen)
    if (!wasOnline.get(device.id) && !announced.has(device.id)) announced.set(device.id, device)
  await publishLiveMany(
    tx,
    'device',
    [...announced.values()].map((device) => ({
      audience: { marketId: device.marketId },
      data: {
        deviceId: device.id,
        marketId: device.marketId,
        code: device.code,
        kind: device.kind,
        online: true,
        unbound: false,
        lastSeenTime: formatShanghaiTime(now),
      },
    })),
  )
}

/**
 * Devices taken offline per transaction. A mass silence (a market's network down, the server back
 * after hours, a bench's 190,000 devices) is taken in bites with requests answered between them: in
 * one transaction, 190,000 updates and announcements held PGlite's one thread for minutes.
 */
const SWEEP_BATCH = 500

/**
 * Devices silent for two minutes go offline, announced once: the UPDATE flips each flag exactly once,
 * whichever instance runs it (rows another sweep holds are skipped, not waited for). Answers how many
 * went offline. `batch`: devices per transaction (tests take small bites).
 */
export async function sweepOfflineDevices(db: Database, now: Date, batch = SWEEP_BATCH): Promise<number> {
  let total = 0
  for (;;) {
    const gone = await sweepBatch(db, now, batch)
    total += gone
    if (gone < batch) return total
    // Requests waiting for the database go first (on PGlite they share this process's one thread).
    await new Promise((resolve) => setImmediate(resolve))
  }
}

async function sweepBatch(db: Database, now: Date, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    const cutoff = new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString()
    // Picked and locked once, in a materialised step, then updated (the pattern PostgreSQL's docs give
    // for SKIP LOCKED queues): a LIMIT subquery inside IN (…) may be planned to run more than once.
    // Only what is announced is read back, not the whole row: 190,000 rows come back in a burst.
    const rows = rowsOf<{
      id: string
      market_id: string
      code: string
      kind: string
      last_seen_at: Date | string | null
    }>(
      await tx.execute(sql`
        with picked as materialized (
          select id from devices
          where online and unbound_at is null and last_seen_at <= ${cutoff}::timestamptz
          order by last_seen_at
          limit ${batch}
          for update skip locked
        )
        update devices set online = false
        from picked
        where devices.id = picked.id and devices.online
        returning devices.id, devices.market_id, devices.code, devices.kind, devices.last_seen_at`),
    )
    // Announced in one statement: 500 round trips held every request on PGlite.
    await publishLiveMany(
      tx,
      'device',
      rows.map((row) => ({
        audience: { marketId: row.market_id },
        data: {
          deviceId: row.id,
          marketId: row.market_id,
          code: row.code,
          kind: row.kind as DeviceKind,
          online: false,
          unbound: false,
          lastSeenTime: row.last_seen_at === null ? null : formatShanghaiTime(new Date(row.last_seen_at)),
        },
      })),
    )
    return rows.length
  })
}
