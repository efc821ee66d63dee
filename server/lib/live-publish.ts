import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { LiveEventData, LiveEventType } from '../../contract/live'
import type { Database } from '../db/client'

/** The channel every instance listens on (LISTEN/NOTIFY): a live event reaches every instance's streams. */
export const LIVE_CHANNEL = 'ds_live'

/** A live event as it travels between instances and is kept for resumes. */
export type LiveEvent = {
  id: string
  type: LiveEventType
  /** The market whose users may see it; null for an event addressed to one user only. */
  marketId: string | null
  /** Addressed to one user (their message box), whatever their market. */
  userUk?: string
  data: unknown
}

/**
 * Sortable, unique without coordination: the millisecond, then randomness. Resumes find an id by
 * equality in the order events arrived, so the order need not follow the id.
 */
const newEventId = () => `${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`

type Executor = Pick<Database, 'execute'>

/** Who may hear an event: a market's users, or one user. */
type Audience = { marketId: string } | { userUk: string }

function eventOf(type: LiveEventType, audience: Audience, data: unknown): LiveEvent {
  return {
    id: newEventId(),
    type,
    marketId: 'marketId' in audience ? audience.marketId : null,
    ...('userUk' in audience ? { userUk: audience.userUk } : {}),
    data,
  }
}

/**
 * Publishes a live event from inside a write's transaction: PostgreSQL delivers a NOTIFY only when the
 * transaction commits, so subscribers never hear of what was rolled back, and hear events in commit
 * order. NOTIFY payloads are limited to 8,000 bytes: callers keep their data small (a few items).
 */
export async function publishLive<T extends LiveEventType>(
  db: Executor,
  type: T,
  audience: Audience,
  data: LiveEventData<T>,
): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(eventOf(type, audience, data))})`)
}

/**
 * publishLive for many events of one type, in one statement and in the order given: a sweep taking
 * 500 devices offline announced them in 500 round trips, and on PGlite every request waited behind them.
 */
export async function publishLiveMany<T extends LiveEventType>(
  db: Executor,
  type: T,
  notices: readonly { audience: Audience; data: LiveEventData<T> }[],
): Promise<void> {
  if (notices.length === 0) return
  const payloads = JSON.stringify(notices.map(({ audience, data }) => JSON.stringify(eventOf(type, audience, data))))
  await db.execute(sql`
    select pg_notify(${LIVE_CHANNEL}, payload)
    from (
      select payload from json_array_elements_text(${payloads}::json) with ordinality as given(payload, place)
      order by place
    ) as ordered`)
}
