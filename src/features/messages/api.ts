import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageList, MessageType, UnreadCounts } from '@contract/messages'
import { apiRequest } from '@/lib/api-client'

export const messageKeys = {
  all: ['messages'] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (type: MessageType, page: number, pageSize: number) => [...messageKeys.lists(), { type, page, pageSize }] as const,
}

/** Unread counts per tab, refreshed every minute while the console is open. */
export const unreadCountsQuery = () =>
  queryOptions({
    queryKey: messageKeys.unread(),
    queryFn: () => apiRequest<UnreadCounts>('/messages/unread-counts', undefined, { method: 'GET' }),
    refetchInterval: 60_000,
    staleTime: 15_000,
  })

export const messageListQuery = (type: MessageType, page: number, pageSize: number) =>
  queryOptions({
    queryKey: messageKeys.list(type, page, pageSize),
    queryFn: () => apiRequest<MessageList>(`/messages?type=${type}&page=${page}&pageSize=${pageSize}`, undefined, { method: 'GET' }),
    placeholderData: (previous) => previous,
  })

/** Marks messages read (by ids, or a whole type) and refreshes counts and lists. */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { ids: string[] } | { type: MessageType }) =>
      'ids' in input ? apiRequest<{ updated: number }>('/messages/read', input) : apiRequest<{ updated: number }>('/messages/read-all', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  })
}
