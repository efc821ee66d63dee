import type { MessageType } from '@contract/messages'
import { m } from '@/paraglide/messages'

export const TYPE_LABELS: Record<MessageType, () => string> = {
  message: m.messages_tab_message,
  notice: m.messages_tab_notice,
  todo: m.messages_tab_todo,
}
