import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'

/**
 * A mutation of an area (markets, merchants, …) that refreshes everything under the area's query key
 * when it succeeds, and under `alsoChanges` (other areas' roots, src/lib/area-keys.ts, whose figures
 * the write moves). `handlesErrors`: the caller shows failures itself (a form), so the query cache
 * does not toast them.
 */
export function useAreaMutation<Input, Output>(
  areaKey: QueryKey,
  mutationFn: (input: Input) => Promise<Output>,
  handlesErrors = false,
  alsoChanges: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    meta: { handlesErrors },
    onSuccess: () =>
      Promise.all([areaKey, ...alsoChanges].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}
