import { m } from '@/paraglide/messages'

export function UnreadCount({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <span
      className="rounded-full bg-danger-subtle px-1.5 text-xs text-danger"
      aria-label={m.messages_unread_count({ count })}
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}
