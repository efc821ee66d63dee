import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { MessageType } from '@contract/messages'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Tabs } from '@/components/ui/tabs'
import { useMarkRead } from './mutations'
import { messageListQuery, unreadCountsQuery } from './queries'
import { MessageList } from './message-list'
import { MessageTypeTabs } from './message-type-tabs'

const PAGE_SIZE = 10

/** "View more": every message of a type, paged. */
export function MessagesDialog({
  initialType,
  open,
  onOpenChange,
}: {
  initialType: MessageType
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [type, setType] = useState(initialType)
  const [page, setPage] = useState(1)
  const counts = useQuery(unreadCountsQuery())
  const list = useQuery(messageListQuery(type, page, PAGE_SIZE))
  const markRead = useMarkRead()
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE))

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.common_close()} className="max-w-2xl p-0" aria-describedby={undefined}>
        <DialogHeader className="px-6 pt-6">
          <DialogTitle>{m.messages_title()}</DialogTitle>
        </DialogHeader>
        <Tabs
          value={type}
          onValueChange={(value) => {
            setType(value as MessageType)
            setPage(1)
          }}
        >
          <MessageTypeTabs counts={counts.data} className="px-4" />
        </Tabs>
        <div className="max-h-[55vh] min-h-48 overflow-y-auto">
          <MessageList type={type} page={page} pageSize={PAGE_SIZE} />
        </div>
        <div className="flex items-center justify-between gap-2 border-t border-border px-4 py-3">
          <Button
            variant="outline"
            size="sm"
            disabled={!counts.data?.[type]}
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ type })}
          >
            {m.messages_all_read()}
          </Button>
          <nav className="flex items-center gap-2 text-sm" aria-label={m.common_pagination()}>
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {m.common_previous()}
            </Button>
            <span className="text-muted-foreground tabular-nums">{m.common_page_of({ page, pages })}</span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {m.common_next()}
            </Button>
          </nav>
        </div>
      </DialogContent>
    </Dialog>
  )
}
