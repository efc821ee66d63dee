import { Bell, ListTodo, Mail } from 'lucide-react'
import type { Message } from '@contract/messages'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'

const ICONS = { message: Mail, notice: Bell, todo: ListTodo } as const

/** One message: avatar (or the type's icon), title, subtitle, content and time; unread ones stand out. */
export function MessageItem({ message, onOpen }: { message: Message; onOpen: (message: Message) => void }) {
  const Icon = ICONS[message.type]
  const unread = message.status === 0
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(message)}
        className={cn(
          // Read items are told apart by weight and colour, never by opacity: faded grey text fell
          // below 4.5:1 (WCAG AA).
          'flex w-full gap-3 px-4 py-3 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
        )}
        aria-label={`${unread ? m.messages_unread() + ': ' : ''}${message.title}`}
      >
        {message.avatar ? (
          <img src={message.avatar} alt="" className="size-8 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-1 text-primary"
          >
            <Icon className="size-4" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className={cn('truncate text-sm', unread ? 'font-medium' : 'text-muted-foreground')}>
              {message.title}
            </span>
            {message.subTitle && <span className="truncate text-xs text-muted-foreground">{message.subTitle}</span>}
            {unread && <span aria-hidden className="ml-auto size-2 shrink-0 rounded-full bg-danger" />}
          </span>
          <span className="mt-0.5 line-clamp-2 block text-xs text-muted-foreground">{message.content}</span>
          <span className="mt-1 block text-xs text-muted-foreground tabular-nums">{message.time}</span>
        </span>
      </button>
    </li>
  )
}
