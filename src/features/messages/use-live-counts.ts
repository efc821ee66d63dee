import { useQueryClient } from '@tanstack/react-query'
import { useLiveEvent, useLiveStatus } from '@/lib/live-stream'
import { messageKeys } from './api'

/** Without the stream, the counts are polled this often. */
const POLL_MS = 60_000

/**
 * The message box follows the live stream instead of polling: a `messages` event (something arrived
 * for this user) reads the counts and any open list again, and so does a reconnect (what arrived
 * meanwhile). Answers the polling interval for the counts: none while the stream is live, a minute
 * while it is down.
 */
export function useLiveMessageCounts(): number | false {
  const queryClient = useQueryClient()
  useLiveEvent('messages', () => void queryClient.invalidateQueries({ queryKey: messageKeys.all }))
  useLiveEvent('ready', ({ reconnected }) => {
    if (reconnected) void queryClient.invalidateQueries({ queryKey: messageKeys.unread() })
  })
  return useLiveStatus() === 'live' ? false : POLL_MS
}
