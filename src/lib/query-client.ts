import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isServerUnreachable, reportRequestError } from './request-errors'

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportRequestError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportRequestError(error, mutation.options.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refused call will be refused again; only a server out of reach is worth a retry (and the page
        // retries again by itself when it answers: src/components/async-state/reachability.ts).
        retry: (count, error) => count < 2 && isServerUnreachable(error),
        refetchOnWindowFocus: false,
      },
    },
  })
}
