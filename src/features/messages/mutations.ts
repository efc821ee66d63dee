import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageType } from '@contract/messages'
import { api } from '@/lib/api-client'
import { messageKeys } from './queries'

/** Marks messages read (by ids, or a whole type) and refreshes counts and lists. */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { ids: string[] } | { type: MessageType }) =>
      'ids' in input
        ? api('/messages/read', '$post', { json: input })
        : api('/messages/read-all', '$post', { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  })
}
