import { useCallback, type ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { DateRangeSearchSchema } from '@contract/date-range'
import { PAGE_ROLES } from '@contract/pages'
import type { DayRange } from '@/components/data-table/date-range-filter'
import { MerchantStatementPage } from '@/features/statements/merchant-statement-page'
import { useLocale } from '@/lib/locale'

export const Route = createFileRoute('/_console/statement/merchant/$merchantId')({
  staticData: { name: 'MerchantStatement', roles: PAGE_ROLES.MerchantStatement },
  validateSearch: DateRangeSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, params }) => {
    const { merchantStatementQuery, statementDaysAsked } = await import('@/features/statements/queries')
    // Days the API refuses are not asked for (the page says what is wrong with them).
    if (statementDaysAsked(deps))
      void context.queryClient.prefetchQuery(merchantStatementQuery(params.merchantId, deps))
  },
  component: MerchantStatement,
})

function MerchantStatement(): ReactNode {
  const { merchantId } = Route.useParams()
  const { from, to } = Route.useSearch()
  const navigate = Route.useNavigate()
  const onDaysChange = useCallback(
    (days: DayRange) => void navigate({ search: (current) => ({ ...current, ...days }) }),
    [navigate],
  )
  return (
    <MerchantStatementPage
      merchantId={merchantId}
      days={{ from, to }}
      locale={useLocale()}
      onDaysChange={onDaysChange}
    />
  )
}
