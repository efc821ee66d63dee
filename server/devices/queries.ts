import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import { ONLINE_WINDOW_MS, type DeviceKind } from '../../contract/device-list'
import type { DeviceDetail, DeviceList, DeviceListItem, DeviceListQuery } from '../../contract/devices'
import { formatShanghaiTime } from '../../contract/time'
import { devices, markets, merchants, users } from '../db/schema'
import { ApiError } from '../lib/errors'
import { allOf, containsPattern, listPage, orderBy, pageRange, windowTotal } from '../lib/list-query'
import { inScope, marketScope } from '../lib/scope'
import type { ServerDeps, SessionUser } from '../lib/types'

type Caller = Pick<SessionUser, 'role' | 'marketId'>

/** Reads of devices, every one held to the caller's market scope (server/lib/scope.ts). */

const SORT_COLUMNS = {
  boundAt: devices.boundAt,
  code: devices.code,
  stallNo: devices.stallNo,
  // Never seen sorts as the oldest.
  lastSeenAt: sql`coalesce(${devices.lastSeenAt}, '-infinity'::timestamptz)`,
}

/** Online = seen in the last two minutes, computed from the time, never from a stored flag. */
const onlineSince = (now: Date) => new Date(now.getTime() - ONLINE_WINDOW_MS)

const statusCondition = (status: 'online' | 'offline', now: Date): SQL | undefined =>
  status === 'online'
    ? gt(devices.lastSeenAt, onlineSince(now))
    : or(isNull(devices.lastSeenAt), lte(devices.lastSeenAt, onlineSince(now)))

/** What the search box looks in, as stored: the code, the stall and the merchant's name, lower-cased. */
export const deviceSearchText = (code: string, stallNo: string, merchantName: string | null) =>
  [code, stallNo, merchantName ?? ''].join(' ').toLowerCase()

const LIST_COLUMNS = {
  id: devices.id,
  marketId: devices.marketId,
  marketName: markets.name,
  code: devices.code,
  kind: devices.kind,
  stallNo: devices.stallNo,
  merchantId: devices.merchantId,
  merchantName: merchants.name,
  boundAt: devices.boundAt,
  lastSeenAt: devices.lastSeenAt,
}

type ListRow = Omit<DeviceListItem, 'kind' | 'boundTime' | 'lastSeenTime' | 'online'> & {
  kind: string
  boundAt: Date
  lastSeenAt: Date | null
}

const toDeviceListItem = ({ boundAt, lastSeenAt, kind, ...row }: ListRow, now: Date): DeviceListItem => ({
  ...row,
  kind: kind as DeviceKind,
  boundTime: formatShanghaiTime(boundAt),
  lastSeenTime: lastSeenAt ? formatShanghaiTime(lastSeenAt) : null,
  online: lastSeenAt !== null && lastSeenAt > onlineSince(now),
})

/** A page of the bound devices in scope, with its total (a window count rides along). */
export async function listDevices(
  { db, clock }: Pick<ServerDeps, 'db' | 'clock'>,
  caller: Caller,
  query: DeviceListQuery,
): Promise<DeviceList> {
  const now = clock()
  const where = allOf(
    isNull(devices.unboundAt),
    inScope(devices.marketId, marketScope(caller, query.market)),
    query.q ? sql`${devices.searchText} like ${containsPattern(query.q.toLowerCase())}` : undefined,
    query.kind ? eq(devices.kind, query.kind) : undefined,
    query.status ? statusCondition(query.status, now) : undefined,
  )
  const rows = await db
    .select({ ...LIST_COLUMNS, total: windowTotal() })
    .from(devices)
    .innerJoin(markets, eq(markets.id, devices.marketId))
    .leftJoin(merchants, eq(merchants.id, devices.merchantId))
    .where(where)
    .orderBy(...orderBy(SORT_COLUMNS, query.sort, query.order, devices.id))
    .limit(pageRange(query).limit)
    .offset(pageRange(query).offset)
  const { list, total } = await listPage(
    rows.map((row) => ({ ...row, total: Number(row.total) })),
    query.page,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(devices)
          .where(where)
      )[0]?.n ?? 0,
  )
  return { total, list: list.map((row) => toDeviceListItem(row, now)) }
}

/**
 * One device's page by id: a binding, bound or since unbound (its history stays, and an audit entry
 * may name it). Online only while bound. Another market's device answers 40400, as an unknown one does.
 */
export async function getDevice(
  { db, clock }: Pick<ServerDeps, 'db' | 'clock'>,
  caller: Caller,
  input: { id: string },
): Promise<DeviceDetail> {
  const [row] = await db
    .select({ ...LIST_COLUMNS, unboundAt: devices.unboundAt, boundBy: users.username })
    .from(devices)
    .innerJoin(markets, eq(markets.id, devices.marketId))
    .leftJoin(merchants, eq(merchants.id, devices.merchantId))
    .leftJoin(users, eq(users.uk, devices.boundBy))
    .where(and(eq(devices.id, input.id), inScope(devices.marketId, marketScope(caller))))
    .limit(1)
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, 'error_device_record_not_found')
  const { unboundAt, boundBy, ...listRow } = row
  const item = toDeviceListItem(listRow, clock())
  return {
    ...item,
    online: unboundAt === null && item.online,
    unboundTime: unboundAt ? formatShanghaiTime(unboundAt) : null,
    boundBy,
  }
}
