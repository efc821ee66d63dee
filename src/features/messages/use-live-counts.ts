import { useLiveEvent, useLiveRefresh, useLiveStatus } from '@/lib/live-stream'
import { messageKeys } from './queries'

/** Without the stream, the counts are polled this often. */
const POLL_MS = 60_000

/**
 * The message box follows the live stream instead of polling: a `messages` event (something arrived
 * for this user) reads the counts and any open list again, and so does a reconnect (what arrived
 * meanwhile); a burst of notices is one read. Answers the polling interval for the counts: none while
 * the stream is live, a minute while it is down.
 */
export function useLiveMessageCounts(): number | false {
  const refresh = useLiveRefresh(messageKeys.all)
  useLiveEvent('messages', refresh)
  useLiveEvent('ready', ({ reconnected }) => {
    if (reconnected) refresh()
  })
  return useLiveStatus() === 'live' ? false : POLL_MS
}
