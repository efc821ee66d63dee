import { useQuery } from '@tanstack/react-query'
import { Inbox } from 'lucide-react'
import type { Message, MessageType } from '@contract/messages'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { messageListQuery, useMarkRead } from './api'
import { MessageItem } from './message-item'

/** A page of one type's messages with loading, empty and error states; opening an item marks it read. */
export function MessageList({ type, page, pageSize }: { type: MessageType; page: number; pageSize: number }) {
  const query = useQuery(messageListQuery(type, page, pageSize))
  const markRead = useMarkRead()
  const open = (message: Message) => {
    if (message.status === 0) markRead.mutate({ ids: [message.id] })
  }

  if (query.isPending) {
    return (
      <div className="space-y-3 p-4" aria-busy="true" aria-label={m.common_loading()}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3 w-2/3" />
              <Skeleton className="h-3 w-full" />
            </div>
          </div>
        ))}
      </div>
    )
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-2 p-6 text-sm text-muted-foreground">
        <p>{m.messages_load_failed()}</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {m.common_retry()}
        </Button>
      </div>
    )
  }
  if (query.data.list.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 p-8 text-sm text-muted-foreground">
        <Inbox aria-hidden className="size-8" />
        <p>{m.messages_empty()}</p>
      </div>
    )
  }
  return (
    <ul className="divide-y divide-border" data-testid={`message-list-${type}`}>
      {query.data.list.map((message) => (
        <MessageItem key={message.id} message={message} onOpen={open} />
      ))}
    </ul>
  )
}
