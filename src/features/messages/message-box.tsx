import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { MESSAGE_TYPES, type MessageType } from '@contract/messages'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Tabs, TabsContent } from '@/components/ui/tabs'
import { useMarkRead } from './mutations'
import { unreadCountsQuery } from './queries'
import { MessageList } from './message-list'
import { MessageTypeTabs } from './message-type-tabs'
import { MessagesDialog } from './messages-dialog'
import { useLiveMessageCounts } from './use-live-counts'
import { useLocaleRefetch } from './use-locale-refetch'

const POPOVER_PAGE_SIZE = 5

/** The navbar's message box (SPEC §2): tabs with unread counts, the latest items, all-read, view more. */
export function MessageBox() {
  const [open, setOpen] = useState(false)
  const [type, setType] = useState<MessageType>('message')
  const [moreOpen, setMoreOpen] = useState(false)
  const refetchInterval = useLiveMessageCounts()
  const counts = useQuery({ ...unreadCountsQuery(), refetchInterval })
  const markRead = useMarkRead()
  useLocaleRefetch()
  const total = counts.data ? counts.data.message + counts.data.notice + counts.data.todo : 0

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="relative"
            aria-label={m.messages_open({ count: total })}
            data-testid="message-box"
          >
            <Bell aria-hidden className="size-4" />
            {total > 0 && (
              <span
                aria-hidden
                className="absolute top-1 right-1 min-w-4 rounded-full bg-danger px-1 text-[10px] leading-4 text-danger-foreground"
              >
                {total > 99 ? '99+' : total}
              </span>
            )}
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-[min(22rem,calc(100vw-1rem))] p-0" aria-label={m.messages_title()}>
          <Tabs value={type} onValueChange={(value) => setType(value as MessageType)}>
            <MessageTypeTabs counts={counts.data} className="px-2" />
            {MESSAGE_TYPES.map((value) => (
              <TabsContent key={value} value={value} className="max-h-96 overflow-y-auto">
                <MessageList type={value} page={1} pageSize={POPOVER_PAGE_SIZE} />
              </TabsContent>
            ))}
          </Tabs>
          <div className="flex border-t border-border">
            <Button
              variant="ghost"
              className="flex-1 rounded-none"
              disabled={!counts.data?.[type]}
              loading={markRead.isPending}
              onClick={() => markRead.mutate({ type })}
            >
              {m.messages_all_read()}
            </Button>
            <Button
              variant="ghost"
              className="flex-1 rounded-none border-l border-border"
              onClick={() => {
                setOpen(false)
                setMoreOpen(true)
              }}
            >
              {m.messages_view_more()}
            </Button>
          </div>
        </PopoverContent>
      </Popover>
      {moreOpen && <MessagesDialog initialType={type} open={moreOpen} onOpenChange={setMoreOpen} />}
    </>
  )
}
