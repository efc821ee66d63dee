import { useQuery } from '@tanstack/react-query'
import type { ComboboxOptions } from '@/components/form/combobox-field'
import { marketOptionsQuery } from './queries'

/**
 * The market switcher's search as a picker's market choices (a form naming a market, an OFFICIAL's
 * bind dialog). Route files hand it to other areas' pages, which never import this area themselves.
 */
export function useMarketOptions(text: string): ComboboxOptions {
  const query = useQuery({ ...marketOptionsQuery(text), meta: { handlesErrors: true } })
  return {
    options: query.data?.map((market) => ({ value: market.id, label: market.name })),
    pending: query.isPending,
    failed: query.isError,
  }
}
