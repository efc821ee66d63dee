import { useState } from 'react'
import { Download } from 'lucide-react'
import { shanghaiToday } from '@contract/time'
import { m } from '@/paraglide/messages'
import { downloadFile } from '@/lib/download'
import { reportRequestError } from '@/lib/request-errors'
import { Button } from '@/components/ui/button'
import type { MerchantListParams } from './queries'

/** Exports every merchant the list's search and filters match (not just the page shown) as CSV. */
export function ExportButton({ params }: { params: MerchantListParams }) {
  const [exporting, setExporting] = useState(false)
  const exportCsv = async () => {
    setExporting(true)
    try {
      await downloadFile(
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
    } catch (error) {
      reportRequestError(error, undefined)
    } finally {
      setExporting(false)
    }
  }
  return (
    <Button variant="outline" loading={exporting} onClick={() => void exportCsv()} data-testid="merchant-export">
      <Download aria-hidden className="size-4" />
      {exporting ? m.merchants_exporting() : m.merchants_export()}
    </Button>
  )
}
