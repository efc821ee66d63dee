import type { CreditWeights } from '@contract/credit'
import type { MarketRules } from '@contract/licences'
import type { CreateMarketInput, UpdateMarketInput } from '@contract/markets'
import { api } from '@/lib/api-client'
import { useAreaMutation } from '@/lib/area-mutation'
import { AREA_KEYS } from '@/lib/area-keys'
import { marketKeys } from './queries'

export const useCreateMarket = () =>
  useAreaMutation(marketKeys.all, (input: CreateMarketInput) => api('/markets', '$post', { json: input }), true)
export const useUpdateMarket = () =>
  useAreaMutation(
    marketKeys.all,
    ({ id, input }: { id: string; input: UpdateMarketInput }) =>
      api('/markets/:id', '$put', { param: { id }, json: input }),
    true,
  )
export const useSetMarketFrozen = () =>
  useAreaMutation(marketKeys.all, ({ id, frozen }: { id: string; frozen: boolean }) =>
    api(frozen ? '/markets/:id/freeze' : '/markets/:id/unfreeze', '$post', { param: { id } }),
  )
export const useResetMarketPassword = () =>
  useAreaMutation(marketKeys.all, (id: string) => api('/markets/:id/reset-password', '$post', { param: { id } }))
/** A market's rules (its page's section): OFFICIAL any market's, its own operator its own. */
export const useSetMarketRules = () =>
  useAreaMutation(
    marketKeys.all,
    ({ id, rules }: { id: string; rules: MarketRules }) =>
      api('/licences/markets/:id/rules', '$put', { param: { id }, json: rules }),
    true,
  )
/**
 * A market's credit weights (its page's credit rule): every merchant of the market is recomputed with
 * them, so the merchants' lists and pages are read again too.
 */
export const useSetCreditWeights = () =>
  useAreaMutation(
    marketKeys.all,
    ({ id, weights }: { id: string; weights: CreditWeights }) =>
      api('/credit/markets/:id/weights', '$put', { param: { id }, json: weights }),
    true,
    [AREA_KEYS.merchants],
  )
