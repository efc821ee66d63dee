import { useQuery } from '@tanstack/react-query'
import type { MerchantListItem } from '@contract/merchants'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { AsyncState } from '@/components/async-state/async-state'
import { MerchantForm } from './merchant-form'
import { merchantFormValues, rowPreview } from './merchant-form-values'
import { merchantLicencesQuery, merchantQuery } from './queries'

type MerchantEditPageProps = {
  /** The list's row, from the large-parameter store (SPEC §4). */
  row: MerchantListItem
  draftKey: string
  onDone: () => void
}

/**
 * MerchantEdit: the row the list handed over shows at once; the merchant is loaded fresh from the
 * server, and only that version can be edited and saved.
 */
export function MerchantEditPage({ row, draftKey, onDone }: MerchantEditPageProps) {
  useLocale()
  const merchant = useQuery(merchantQuery(row.id))
  // Its licences too: the form saves all of them, so it opens only with what is held.
  const licences = useQuery(merchantLicencesQuery(row.id))
  const failed = merchant.isError ? merchant : licences.isError ? licences : null

  return (
    <section className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-xl font-semibold">
        {m.merchants_edit_title()} · {merchant.data?.name ?? row.name}
      </h1>
      {failed && (
        <AsyncState
          state="error"
          error={failed.error}
          onRetry={() => void failed.refetch()}
          className="rounded-lg border border-border bg-card"
        />
      )}
      {(merchant.isPending || licences.isPending) && !failed && (
        <>
          <p role="status" className="text-sm text-muted-foreground">
            {m.merchants_loading_fresh()}
          </p>
          <MerchantForm
            merchant={null}
            initialValues={rowPreview(row)}
            choosesMarket={false}
            marketName={row.marketName}
            readOnly
            onCancel={onDone}
          />
        </>
      )}
      {merchant.data && licences.data && (
        <MerchantForm
          key={merchant.data.id}
          merchant={merchant.data}
          initialValues={merchantFormValues(merchant.data, merchant.data.marketId, licences.data)}
          choosesMarket={false}
          marketName={merchant.data.marketName}
          draftKey={draftKey}
          onSaved={onDone}
          onCancel={onDone}
        />
      )}
    </section>
  )
}
