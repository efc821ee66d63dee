import { shanghaiToday } from '@contract/time'
import { downloadFile } from '@/lib/download'
import { ExportButton } from '@/components/data-table/export-button'
import type { MerchantListParams } from './queries'

/** Exports every merchant the list's search and filters match (not just the page shown) as CSV. */
export function MerchantExportButton({ params }: { params: MerchantListParams }) {
  return (
    <ExportButton
      data-testid="merchant-export"
      download={() =>
        downloadFile(
          '/merchants/export',
          '$get',
          {
            query: {
              q: params.q,
              category: params.category,
              status: params.status,
              market: params.market ?? undefined,
            },
          },
          `merchants-${shanghaiToday()}.csv`,
        )
      }
    />
  )
}
