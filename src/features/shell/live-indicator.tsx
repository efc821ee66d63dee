import type { ComponentProps } from 'react'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { useLiveStatus } from '@/lib/live-stream'
import { useOpenerOnUse } from '@/components/ui/opener-on-use'

// The tooltip's Radix code loads when the pill is first pointed at or focused (issue 24).
const loadHint = () => import('./live-hint')

/**
 * The navbar's "Live / Reconnecting…" pill: whether the figures on screen follow the devices now.
 * The hint shows as a tooltip (on hover or keyboard focus) and is read with the label; changes are
 * announced politely. Nothing shows while there is no connection to speak of (signed out).
 */
export function LiveIndicator({ className }: { className?: string }) {
  const status = useLiveStatus()
  const opener = useOpenerOnUse(loadHint)
  if (status === 'off') return null
  const live = status === 'live'
  const label =
    status === 'live' ? m.live_connected() : status === 'connecting' ? m.live_connecting() : m.live_reconnecting()
  const hint =
    status === 'live'
      ? m.live_connected_hint()
      : status === 'connecting'
        ? m.live_connecting_hint()
        : m.live_reconnecting_hint()
  const pill = (props: ComponentProps<'span'>) => (
    <span
      role="status"
      // Focusable, so the hint is reachable from the keyboard too.
      tabIndex={0}
      data-testid="live-indicator"
      data-status={status}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        live ? 'border-success/40 bg-success-subtle text-success' : 'border-border bg-muted text-muted-foreground',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={cn('size-2 rounded-full', live ? 'bg-success' : 'animate-pulse bg-muted-foreground')}
      />
      {label}
      <span className="sr-only">{hint}</span>
    </span>
  )
  if (!opener.loaded) return pill(opener.standIn)
  return <opener.loaded.LiveHint hint={hint} trigger={pill({ ref: opener.triggerRef })} />
}
