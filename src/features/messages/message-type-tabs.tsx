import { MESSAGE_TYPES, type UnreadCounts } from '@contract/messages'
import { TabsList, TabsTrigger } from '@/components/ui/tabs'
import { TYPE_LABELS } from './type-labels'
import { UnreadCount } from './unread-count'

/** The message / notice / to-do tab triggers, each with its unread count. */
export function MessageTypeTabs({ counts, className }: { counts: UnreadCounts | undefined; className?: string }) {
  return (
    <TabsList className={className}>
      {MESSAGE_TYPES.map((value) => (
        <TabsTrigger key={value} value={value}>
          {TYPE_LABELS[value]()}
          <UnreadCount count={counts?.[value] ?? 0} />
        </TabsTrigger>
      ))}
    </TabsList>
  )
}
