import type { MessageType } from '../../contract/messages'
import type { Database } from '../db/client'
import { messages } from '../db/schema'
import { translate, type Locale, type MessageKey } from '../lib/i18n'

/** Writing to a user's message box: what the system (seed, pesticide failures, devices) calls. */

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

export type NewMessage = (KeyedText | PlainText) & {
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

const rowOf = (message: NewMessage) => ({
  userUk: message.userUk,
  type: message.type,
  avatar: message.avatar ?? null,
  messageType: message.messageType ?? null,
  ...textColumns(message),
  ...(message.at ? { createdAt: message.at } : {}),
})

/** How the system tells a user something (a failed pesticide test, a device gone offline, a todo). */
export async function postMessage(db: Database, message: NewMessage): Promise<string> {
  const [row] = await db.insert(messages).values(rowOf(message)).returning({ id: messages.id })
  return row?.id ?? ''
}

/** Many messages in one statement (a job's batch of to-dos): one round trip, not one a reader. */
export async function postMessages(db: Database, list: readonly NewMessage[]): Promise<void> {
  if (list.length > 0) await db.insert(messages).values(list.map(rowOf))
}
