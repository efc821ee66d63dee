import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'

/**
 * A mutation of an area (markets, merchants, …) that refreshes everything under the area's query key
 * when it succeeds. `handlesErrors`: the caller shows failures itself (a form), so the query cache
 * does not toast them.
 */
export function useAreaMutation<Input, Output>(
  areaKey: QueryKey,
  mutationFn: (input: Input) => Promise<Output>,
  handlesErrors = false,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    meta: { handlesErrors },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: areaKey }),
  })
}
