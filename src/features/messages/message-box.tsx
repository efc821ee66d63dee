import { useState, type ComponentProps } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { useOpenerOnUse } from '@/components/ui/opener-on-use'
import { unreadCountsQuery } from './queries'
import { useLiveMessageCounts } from './use-live-counts'
import { useLocaleRefetch } from './use-locale-refetch'

// The popover, its tabs and lists load on first use (issue 24): the first paint draws the bell only.
const loadPopover = () => import('./message-box-popover')

/** The navbar's message box (SPEC §2): tabs with unread counts, the latest items, all-read, view more. */
export function MessageBox() {
  const [open, setOpen] = useState(false)
  const refetchInterval = useLiveMessageCounts()
  const counts = useQuery({ ...unreadCountsQuery(), refetchInterval })
  useLocaleRefetch()
  const opener = useOpenerOnUse(loadPopover, 'dialog')
  const total = counts.data ? counts.data.message + counts.data.notice + counts.data.todo : 0

  const bell = (props: ComponentProps<typeof Button>) => (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={m.messages_open({ count: total })}
      data-testid="message-box"
      {...props}
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
  )
  if (!opener.loaded) return bell(opener.standIn)
  return (
    <opener.loaded.MessageBoxPopover
      open={open}
      onOpenChange={setOpen}
      counts={counts.data}
      trigger={bell({ ref: opener.triggerRef })}
    />
  )
}
