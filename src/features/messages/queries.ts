import { queryOptions } from '@tanstack/react-query'
import type { MessageType } from '@contract/messages'
import { api } from '@/lib/api-client'

/** The message box's reads (writes live in ./mutations.ts). */

export const messageKeys = {
  all: ['messages'] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (type: MessageType, page: number, pageSize: number) =>
    [...messageKeys.lists(), { type, page, pageSize }] as const,
}

/**
 * Unread counts per tab. Read again when the live stream says something arrived (use-live-counts.ts);
 * polled only while the stream is down.
 */
export const unreadCountsQuery = () =>
  queryOptions({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => api('/messages/unread-counts', '$get', {}, { signal }),
    staleTime: 15_000,
  })

export const messageListQuery = (type: MessageType, page: number, pageSize: number) =>
  queryOptions({
    queryKey: messageKeys.list(type, page, pageSize),
    queryFn: ({ signal }) => api('/messages', '$get', { query: { type, page, pageSize } }, { signal }),
    placeholderData: (previous) => previous,
  })
