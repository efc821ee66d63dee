import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from './api-client'
import { reportRequestError } from './request-errors'

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportRequestError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportRequestError(error, mutation.options.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refused call will be refused again; only transport failures are worth a retry.
        retry: (count, error) =>
          count < 2 && error instanceof ApiRequestError && error.code === 0 && error.transport === 'network',
        refetchOnWindowFocus: false,
      },
    },
  })
}
