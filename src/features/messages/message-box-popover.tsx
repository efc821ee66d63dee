import { useState, type ReactElement } from 'react'
import { MESSAGE_TYPES, type MessageType, type UnreadCounts } from '@contract/messages'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Tabs, TabsContent } from '@/components/ui/tabs'
import { useMarkRead } from './mutations'
import { MessageList } from './message-list'
import { MessageTypeTabs } from './message-type-tabs'
import { MessagesDialog } from './messages-dialog'

const POPOVER_PAGE_SIZE = 5

type MessageBoxPopoverProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  counts: UnreadCounts | undefined
  trigger: ReactElement
}

/** The message box's popover, loaded on first use (src/features/messages/message-box.tsx draws its bell till then). */
export function MessageBoxPopover({ open, onOpenChange, counts, trigger }: MessageBoxPopoverProps) {
  const [type, setType] = useState<MessageType>('message')
  const [moreOpen, setMoreOpen] = useState(false)
  const markRead = useMarkRead()
  return (
    <>
      <Popover open={open} onOpenChange={onOpenChange}>
        <PopoverTrigger asChild>{trigger}</PopoverTrigger>
        <PopoverContent className="w-[min(22rem,calc(100vw-1rem))] p-0" aria-label={m.messages_title()}>
          <Tabs value={type} onValueChange={(value) => setType(value as MessageType)}>
            <MessageTypeTabs counts={counts} className="px-2" />
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
              disabled={!counts?.[type]}
              loading={markRead.isPending}
              onClick={() => markRead.mutate({ type })}
            >
              {m.messages_all_read()}
            </Button>
            <Button
              variant="ghost"
              className="flex-1 rounded-none border-l border-border"
              onClick={() => {
                onOpenChange(false)
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
