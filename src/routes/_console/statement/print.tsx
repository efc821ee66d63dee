import type { ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { StatementSearchSchema } from '@contract/statements'
import { StatementPrint } from '@/features/statements/statement-print'
import { useLocale } from '@/lib/locale'
import { useMarketScope } from '@/lib/market-scope'

// No loader: the sheet starts its request as it mounts (it is opened from the statement, which has it).
export const Route = createFileRoute('/_console/statement/print')({
  staticData: { name: 'StatementPrint', roles: PAGE_ROLES.StatementPrint },
  validateSearch: StatementSearchSchema,
  component: Print,
})

function Print(): ReactNode {
  const { from, to } = Route.useSearch()
  const market = useMarketScope()
  return <StatementPrint market={market} days={{ from, to }} locale={useLocale()} now={new Date()} />
}
