import type { ReactNode } from 'react'
import { createFileRoute, useRouterState } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAGE_ROLES } from '@contract/pages'
import { MarketRegisterPage } from '@/features/markets/market-register-page'
import { useLeaveForm } from '@/lib/leave-form'

const RegisterSearchSchema = v.object({ id: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined) })

/** Registers a market, or edits the one named by `?id=`. */
export const Route = createFileRoute('/_console/market/register')({
  staticData: {
    name: 'MarketRegister',
    roles: PAGE_ROLES.MarketRegister,
    tabTitle: (search) => (search.id ? 'MarketEdit' : undefined),
  },
  validateSearch: RegisterSearchSchema,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }) => {
    if (!deps.id) return
    // Loaded on demand, off the first page's entry chunk.
    const { marketQuery } = await import('@/features/markets/queries')
    await context.queryClient.ensureQueryData(marketQuery(deps.id)).catch(() => undefined)
  },
  component: MarketRegister,
})

function MarketRegister(): ReactNode {
  const { id } = Route.useSearch()
  const href = useRouterState({ select: (state) => state.location.href })
  const back = useLeaveForm('/market')
  return <MarketRegisterPage marketId={id} draftKey={href} onDone={back} onCancel={back} />
}
