import { useEffect, useState } from 'react'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { isCleanText, MAX_SEARCH_LENGTH } from '@contract/text'
import { api } from '@/lib/api-client'

/** A pause this long in typing sends the search (one request per word, not per key). */
const PALETTE_SEARCH_DELAY_MS = 250
/** Enough to pick from at a glance; the lists themselves page through the rest. */
const RESULTS = 5

function useSettled(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs)
    return () => clearTimeout(timer)
  }, [text, delayMs])
  return settled
}

/**
 * The palette's own searches: kept apart from the lists' queries (five rows, its own failures), so
 * a list's cache never holds a palette's page nor the other way round.
 */
export const paletteKeys = {
  all: ['palette'] as const,
  markets: (q: string) => [...paletteKeys.all, 'markets', q] as const,
  merchants: (market: string | null, q: string) => [...paletteKeys.all, 'merchants', market, q] as const,
}

// The palette says a failure where its results go (meta.handlesErrors): no toast over it.
const paletteMarketsQuery = (q: string) =>
  queryOptions({
    queryKey: paletteKeys.markets(q),
    queryFn: ({ signal }) => api('/markets', '$get', { query: { q, pageSize: RESULTS } }, { signal }),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  })

const paletteMerchantsQuery = (q: string, market: string | null) =>
  queryOptions({
    queryKey: paletteKeys.merchants(market, q),
    queryFn: ({ signal }) =>
      api('/merchants', '$get', { query: { q, pageSize: RESULTS, market: market ?? undefined } }, { signal }),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  })

type PaletteSearchOptions = { markets: boolean; merchants: boolean; market: string | null }

/**
 * Markets and merchants whose name (or account, stall, credit code: what the lists search) matches
 * the typed text, through the list endpoints, which scope them as they scope the lists: an OFFICIAL
 * sees all markets or `market` (the switcher's), a MARKET user only its own market's merchants.
 */
export function usePaletteSearch(text: string, { markets, merchants, market }: PaletteSearchOptions) {
  const typed = text.trim()
  const q = useSettled(typed, PALETTE_SEARCH_DELAY_MS)
  // Text the API would refuse is not sent: the palette just finds nothing.
  const sendable = q.length > 0 && q.length <= MAX_SEARCH_LENGTH && isCleanText(q)
  const marketResults = useQuery({ ...paletteMarketsQuery(q), enabled: sendable && markets })
  const merchantResults = useQuery({ ...paletteMerchantsQuery(q, market), enabled: sendable && merchants })
  const active = typed.length > 0 && sendable
  const failure = (markets ? marketResults.error : null) ?? (merchants ? merchantResults.error : null)
  return {
    markets: active && markets ? (marketResults.data?.list ?? []) : [],
    merchants: active && merchants ? (merchantResults.data?.list ?? []) : [],
    searching:
      typed.length > 0 &&
      (markets || merchants) &&
      (typed !== q || marketResults.isFetching || merchantResults.isFetching),
    /** Why the last search failed, or null. */
    failed: active ? failure : null,
  }
}
