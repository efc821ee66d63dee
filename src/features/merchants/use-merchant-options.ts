import { useQuery } from '@tanstack/react-query'
import type { ComboboxOption, ComboboxOptions } from '@/components/form/combobox-field'
import { merchantListQuery } from './queries'

/** A merchant as a picker's choice: "A-12 · Name", with its stall apart (a form may fill a stall from it). */
type MerchantOption = ComboboxOption & { stallNo: string }
type MerchantOptions = Omit<ComboboxOptions, 'options'> & { options: readonly MerchantOption[] | undefined }

/**
 * The merchant list's search as a picker's merchant choices: active merchants of `market` matching the
 * text, by stall (nothing while no market is chosen). Route files hand it to other areas' forms (the
 * device bind dialog, the complaint form), which never import this area themselves.
 */
export function useMerchantOptions(text: string, market: string | null): MerchantOptions {
  const query = useQuery({
    ...merchantListQuery({
      page: 1,
      pageSize: 20,
      sort: 'stallNo',
      order: 'asc',
      q: text || undefined,
      category: undefined,
      status: 'active',
      market,
    }),
    enabled: market !== null,
    meta: { handlesErrors: true },
  })
  return {
    options: query.data?.list.map((merchant) => ({
      value: merchant.id,
      label: `${merchant.stallNo} · ${merchant.name}`,
      stallNo: merchant.stallNo,
    })),
    pending: market !== null && query.isPending,
    failed: query.isError,
  }
}
