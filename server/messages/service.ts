import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { formatShanghaiTime } from '../../contract/time'
import type { Message, MessageList, MessageType, UnreadCounts } from '../../contract/messages'
import type { Database } from '../db/client'
import { messages } from '../db/schema'

type NewMessage = {
  userUk: string
  type: MessageType
  title: string
  content: string
  subTitle?: string | null
  avatar?: string | null
  messageType?: string | null
  at?: Date
}

/** How the system tells a user something (a failed pesticide test, a device gone offline, a todo). */
export async function postMessage(db: Database, message: NewMessage): Promise<string> {
  const [row] = await db
    .insert(messages)
    .values({ ...message, ...(message.at ? { createdAt: message.at } : {}) })
    .returning({ id: messages.id })
  return row?.id ?? ''
}

const toMessage = (row: typeof messages.$inferSelect): Message => ({
  id: row.id,
  type: row.type,
  title: row.title,
  subTitle: row.subTitle,
  avatar: row.avatar,
  content: row.content,
  messageType: row.messageType,
  status: row.status,
  time: formatShanghaiTime(row.createdAt),
})

export async function listMessages(
  db: Database,
  userUk: string,
  query: { type: MessageType; page: number; pageSize: number; status?: '0' | '1' | undefined },
): Promise<MessageList> {
  const filters: SQL[] = [eq(messages.userUk, userUk), eq(messages.type, query.type)]
  if (query.status !== undefined) filters.push(eq(messages.status, Number(query.status)))
  const where = and(...filters)
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(messages).where(where),
  ])
  return { list: rows.map(toMessage), total: totals[0]?.total ?? 0 }
}

export async function unreadCounts(db: Database, userUk: string): Promise<UnreadCounts> {
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
export async function markRead(db: Database, userUk: string, ids: string[]): Promise<number> {
  const updated = await db
    .update(messages)
    .set({ status: 1 })
    .where(and(eq(messages.userUk, userUk), inArray(messages.id, ids), eq(messages.status, 0)))
    .returning({ id: messages.id })
  return updated.length
}

export async function markAllRead(db: Database, userUk: string, type: MessageType): Promise<number> {
  const updated = await db
    .update(messages)
    .set({ status: 1 })
    .where(and(eq(messages.userUk, userUk), eq(messages.type, type), eq(messages.status, 0)))
    .returning({ id: messages.id })
  return updated.length
}
