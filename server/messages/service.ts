import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { Message, MessageList, MessageListQuery, MessageType, UnreadCounts } from '../../contract/messages'
import { formatShanghaiTime } from '../../contract/time'
import { messages } from '../db/schema'
import { isMessageKey, translate, type Locale } from '../lib/i18n'
import { allOf, listPage, pageRange, windowTotal } from '../lib/list-query'
import type { ServerDeps, SessionUser } from '../lib/types'

/** The caller's own message box: every read and write is held to `caller.uk`. */

type Deps = Pick<ServerDeps, 'db'>

function toMessage(row: typeof messages.$inferSelect, locale: Locale): Message {
  // A key this server knows reads in the caller's language; otherwise the row's text stands (rows
  // written before keys existed, or a key since removed from messages/*.json).
  const read = <T extends string | null>(key: string | null, text: T): string | T =>
    key && isMessageKey(key) ? translate(locale, key, row.params ?? {}) : text
  return {
    id: row.id,
    type: row.type,
    title: read(row.titleKey, row.title),
    subTitle: read(row.subTitleKey, row.subTitle),
    avatar: row.avatar,
    content: read(row.contentKey, row.content),
    messageType: row.messageType,
    status: row.status,
    time: formatShanghaiTime(row.createdAt),
  }
}

/** One type of the caller's messages, newest first, in `locale`. */
export async function listMessages(
  { db }: Deps,
  caller: Pick<SessionUser, 'uk'>,
  input: { query: MessageListQuery; locale: Locale },
): Promise<MessageList> {
  const { query, locale } = input
  const where = allOf(
    eq(messages.userUk, caller.uk),
    eq(messages.type, query.type),
    query.status === undefined ? undefined : eq(messages.status, Number(query.status)),
  )
  const rows = await db
    .select({ row: messages, total: windowTotal() })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(pageRange(query).limit)
    .offset(pageRange(query).offset)
  const page = await listPage(
    rows,
    query.page,
    async () => (await db.select({ n: count() }).from(messages).where(where))[0]?.n ?? 0,
  )
  return { list: page.list.map(({ row }) => toMessage(row, locale)), total: page.total }
}

export async function unreadCounts({ db }: Deps, caller: Pick<SessionUser, 'uk'>): Promise<UnreadCounts> {
  const userUk = caller.uk
  const rows = await db
    .select({ type: messages.type, n: count() })
    .from(messages)
    .where(and(eq(messages.userUk, userUk), eq(messages.status, 0)))
    .groupBy(messages.type)
  const counts: UnreadCounts = { message: 0, notice: 0, todo: 0 }
  for (const row of rows) counts[row.type] = row.n
  return counts
}

/** Marks the caller's own messages read; ids of other users' messages are ignored, not errors. */
export async function markRead(
  { db }: Deps,
  caller: Pick<SessionUser, 'uk'>,
  input: { ids: string[] },
): Promise<number> {
  const { ids } = input
  const userUk = caller.uk
  const updated = await db
    .update(messages)
    .set({ status: 1 })
    .where(and(eq(messages.userUk, userUk), inArray(messages.id, ids), eq(messages.status, 0)))
    .returning({ id: messages.id })
  return updated.length
}

/** Marks every unread message of a type read. */
export async function markAllRead(
  { db }: Deps,
  caller: Pick<SessionUser, 'uk'>,
  input: { type: MessageType },
): Promise<number> {
  const { type } = input
  const userUk = caller.uk
  const updated = await db
    .update(messages)
    .set({ status: 1 })
    .where(and(eq(messages.userUk, userUk), eq(messages.type, type), eq(messages.status, 0)))
    .returning({ id: messages.id })
  return updated.length
}
