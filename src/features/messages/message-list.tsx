import { useQuery } from '@tanstack/react-query'
import type { Message, MessageType } from '@contract/messages'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { AsyncState } from '@/components/async-state/async-state'
import { StaleNote } from '@/components/async-state/stale-note'
import { useListResult } from '@/components/async-state/use-list-result'
import { Skeleton } from '@/components/ui/skeleton'
import { useMarkRead } from './mutations'
import { messageListQuery } from './queries'
import { MessageItem } from './message-item'

const skeleton = (
  <span className="block space-y-3 p-4">
    {[0, 1, 2].map((i) => (
      <span key={i} className="flex gap-3">
        <Skeleton className="size-8 rounded-full" />
        <span className="flex-1 space-y-2">
          <Skeleton className="h-3 w-2/3" />
          <Skeleton className="h-3 w-full" />
        </span>
      </span>
    ))}
  </span>
)

/** A page of one type's messages with loading, empty, failed and stale states; opening an item marks it read. */
export function MessageList({ type, page, pageSize }: { type: MessageType; page: number; pageSize: number }) {
  const result = useListResult(useQuery(messageListQuery(type, page, pageSize)))
  const markRead = useMarkRead()
  const open = (message: Message) => {
    if (message.status === 0) markRead.mutate({ ids: [message.id] })
  }

  if (result.rows === undefined) {
    return result.status === 'error' ? (
      <AsyncState state="error" error={result.error} onRetry={result.retry} size="compact" />
    ) : (
      <AsyncState state="loading" skeleton={skeleton} onRetry={result.retry} size="compact" />
    )
  }
  return (
    <>
      <StaleNote stale={result.stale} error={result.error} onRetry={result.retry} />
      {result.rows.length === 0 ? (
        <AsyncState state="empty" emptyText={m.messages_empty()} size="compact" />
      ) : (
        <ul
          className={cn('divide-y divide-border transition-opacity', result.stale && 'opacity-60')}
          data-testid={`message-list-${type}`}
        >
          {result.rows.map((message) => (
            <MessageItem key={message.id} message={message} onOpen={open} />
          ))}
        </ul>
      )}
    </>
  )
}
