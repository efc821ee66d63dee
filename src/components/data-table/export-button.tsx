import { useState } from 'react'
import { Download } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { reportRequestError } from '@/lib/request-errors'
import { Button } from '@/components/ui/button'

type ExportButtonProps = {
  /** Downloads the file (`downloadFile` with the list's search and filters); a refusal is reported here. */
  download: () => Promise<void>
  /** The button's words when a page offers more than one file (CSV, Excel); default "Export". */
  label?: string
  'data-testid'?: string
}

/**
 * A list's CSV export: every row the list's search and filters match, not just the page shown. The
 * button says it is busy until the file is saved, and a failure shows as every request's does.
 */
export function ExportButton({ download, label, 'data-testid': testId }: ExportButtonProps) {
  const [exporting, setExporting] = useState(false)
  const exportCsv = async () => {
    setExporting(true)
    try {
      await download()
    } catch (error) {
      reportRequestError(error, undefined)
    } finally {
      setExporting(false)
    }
  }
  return (
    <Button variant="outline" loading={exporting} onClick={() => void exportCsv()} data-testid={testId}>
      <Download aria-hidden className="size-4" />
      {exporting ? m.table_exporting() : (label ?? m.table_export())}
    </Button>
  )
}
