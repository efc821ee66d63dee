import { useQuery } from '@tanstack/react-query'
import type { MerchantListItem } from '@contract/merchants'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { AsyncState } from '@/components/async-state/async-state'
import { MerchantForm } from './merchant-form'
import { merchantFormValues, rowPreview } from './merchant-form-values'
import { merchantQuery } from './queries'

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
  const query = useQuery(merchantQuery(row.id))

  return (
    <section className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-xl font-semibold">
        {m.merchants_edit_title()} · {query.data?.name ?? row.name}
      </h1>
      {query.isError && (
        <AsyncState
          state="error"
          error={query.error}
          onRetry={() => void query.refetch()}
          className="rounded-lg border border-border bg-card"
        />
      )}
      {query.isPending && (
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
      {query.data && (
        <MerchantForm
          key={query.data.id}
          merchant={query.data}
          initialValues={merchantFormValues(query.data, query.data.marketId)}
          choosesMarket={false}
          marketName={query.data.marketName}
          draftKey={draftKey}
          onSaved={onDone}
          onCancel={onDone}
        />
      )}
    </section>
  )
}
