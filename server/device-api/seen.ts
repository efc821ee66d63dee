import { sql } from 'drizzle-orm'
import { ONLINE_WINDOW_MS, type DeviceKind } from '../../contract/device-list'
import { formatShanghaiTime } from '../../contract/time'
import { rowsOf, type Database, type Transaction } from '../db/client'
import { publishLiveMany } from '../lib/live-publish'
import type { AuthedDevice } from './auth'
import { literal } from './rollups'

/** A device's call as the presence record keeps it: the device, and when it called. */
export type Sighting = { device: AuthedDevice; at: Date }

/**
 * How long past the two minutes the sweep waits before taking a device offline: last-seen times reach
 * the database up to a second after the call (presence.ts coalesces them), on every instance, and a
 * device whose last call is still on its way must not be announced offline and then online again.
 */
export const SWEEP_GRACE_MS = 5_000

/**
 * A device called: its last-seen time moves on, and if it was offline (never seen, or silent for two
 * minutes) subscribers hear it come online. The old values are read under the row's lock, so of two
 * calls at once only one announces it. The demo seed's batches call it inside their transaction.
 */
export async function markAllSeen(tx: Transaction, seen: readonly AuthedDevice[], now: Date): Promise<void> {
  await recordSightings(
    tx,
    seen.map((device) => ({ device, at: now })),
  )
}

/** What a write of sightings left undone: devices unbound meanwhile, and rows it skipped (held elsewhere). */
export type Unwritten = { unbound: Set<string>; held: Set<string> }

/**
 * Writes many devices' last calls in one statement (each row locked in id order, the order every
 * caller follows, its old state read, then updated; last-seen times never move back) and announces
 * those that came online. Unbound devices are left as they are. `skipHeld`: rows another transaction
 * holds (an unbinding, a merchant's devices following it) are skipped rather than waited for, so a
 * second's write never waits on nor deadlocks with another writer; the caller writes them later.
 */
export async function recordSightings(
  tx: Transaction,
  sightings: readonly Sighting[],
  { skipHeld = false } = {},
): Promise<Unwritten> {
  if (sightings.length === 0) return { unbound: new Set(), held: new Set() }
  const latest = new Map<string, Sighting>()
  for (const sighting of sightings) {
    const known = latest.get(sighting.device.id)
    if (!known || known.at < sighting.at) latest.set(sighting.device.id, sighting)
  }
  const given = [...latest.values()].map(({ device, at }) => ({ id: device.id, at: at.toISOString() }))
  // Literals, not parameters: one message to the server, not a Parse/Describe round trip first.
  // Only the exceptions come back (a province's second is thousands of rows): the devices that came
  // online (announced), and those not written (unbound meanwhile, or held elsewhere and skipped).
  const rows = rowsOf<{ id: string; outcome: 'online' | 'held' | 'unbound' }>(
    await tx.execute(sql`
      with seen as (
        select id, at from json_to_recordset(${literal(JSON.stringify(given))}::json) as s(id uuid, at timestamptz)
      ), old as materialized (
        select devices.id, devices.online, devices.last_seen_at from devices
        where devices.id in (select id from seen) and devices.unbound_at is null
        order by devices.id for update ${sql.raw(skipHeld ? 'skip locked' : '')}
      ), updated as (
        update devices
        set last_seen_at = greatest(devices.last_seen_at, seen.at), online = true
        from old join seen on seen.id = old.id
        where devices.id = old.id
        returning devices.id,
          (old.online and old.last_seen_at is not null
            and old.last_seen_at > seen.at - ${sql.raw(String(ONLINE_WINDOW_MS))} * interval '1 millisecond') as was_online
      )
      select id, 'online' as outcome from updated where not was_online
      union all
      select seen.id, case when devices.unbound_at is null then 'held' else 'unbound' end from seen
      left join devices on devices.id = seen.id
      where seen.id not in (select id from updated)`),
  )
  const cameOnline = rows.filter((row) => row.outcome === 'online').map((row) => latest.get(row.id) as Sighting)
  await publishLiveMany(
    tx,
    'device',
    cameOnline.map(({ device, at }) => ({
      audience: { marketId: device.marketId },
      data: {
        deviceId: device.id,
        marketId: device.marketId,
        code: device.code,
        kind: device.kind,
        online: true,
        unbound: false,
        lastSeenTime: formatShanghaiTime(at),
      },
    })),
  )
  const ids = (outcome: string) => new Set(rows.filter((row) => row.outcome === outcome).map((row) => row.id))
  return { unbound: ids('unbound'), held: ids('held') }
}

/**
 * Devices taken offline per transaction. A mass silence (a market's network down, the server back
 * after hours, a bench's 190,000 devices) is taken in bites with requests answered between them: in
 * one transaction, 190,000 updates and announcements held PGlite's one thread for minutes.
 */
const SWEEP_BATCH = 500

/**
 * Devices silent for two minutes (and the grace for last-seen times still on their way) go offline,
 * announced once: the UPDATE flips each flag exactly once, whichever instance runs it (rows another
 * sweep holds are skipped, not waited for). Answers how many went offline. `batch`: devices per
 * transaction (tests take small bites).
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
    const cutoff = new Date(now.getTime() - ONLINE_WINDOW_MS - SWEEP_GRACE_MS).toISOString()
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
