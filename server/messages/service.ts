import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { formatShanghaiTime } from '../../contract/time'
import type { Message, MessageList, MessageType, UnreadCounts } from '../../contract/messages'
import type { Database } from '../db/client'
import { messages } from '../db/schema'
import { isMessageKey, translate, type Locale, type MessageKey } from '../lib/i18n'

type MessageParams = Record<string, string | number>

/** A message in the system's words: keys into messages/*.json, read in each reader's language. */
type KeyedText = {
  titleKey: MessageKey
  subTitleKey?: MessageKey
  contentKey: MessageKey
  params?: MessageParams
  subTitle?: string | null
}
/** A message as someone wrote it, shown to every reader as is. */
type PlainText = { title: string; subTitle?: string | null; content: string }

type NewMessage = (KeyedText | PlainText) & {
  userUk: string
  type: MessageType
  avatar?: string | null
  messageType?: string | null
  at?: Date
}

/** The stored text of a keyed message is its zh-CN rendering: what SQL, exports and old consoles read. */
const FALLBACK_LOCALE: Locale = 'zh-CN'

function textColumns(message: KeyedText | PlainText) {
  if (!('titleKey' in message))
    return { title: message.title, subTitle: message.subTitle ?? null, content: message.content }
  const { titleKey, subTitleKey, contentKey, params = {} } = message
  return {
    title: translate(FALLBACK_LOCALE, titleKey, params),
    subTitle: subTitleKey ? translate(FALLBACK_LOCALE, subTitleKey, params) : (message.subTitle ?? null),
    content: translate(FALLBACK_LOCALE, contentKey, params),
    titleKey,
    subTitleKey: subTitleKey ?? null,
    contentKey,
    params,
  }
}

/** How the system tells a user something (a failed pesticide test, a device gone offline, a todo). */
export async function postMessage(db: Database, message: NewMessage): Promise<string> {
  const [row] = await db
    .insert(messages)
    .values({
      userUk: message.userUk,
      type: message.type,
      avatar: message.avatar ?? null,
      messageType: message.messageType ?? null,
      ...textColumns(message),
      ...(message.at ? { createdAt: message.at } : {}),
    })
    .returning({ id: messages.id })
  return row?.id ?? ''
}

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

export async function listMessages(
  db: Database,
  userUk: string,
  query: { type: MessageType; page: number; pageSize: number; status?: '0' | '1' | undefined },
  locale: Locale,
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
  return { list: rows.map((row) => toMessage(row, locale)), total: totals[0]?.total ?? 0 }
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
