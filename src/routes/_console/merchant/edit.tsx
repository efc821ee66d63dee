import type { ReactNode } from 'react'
import { createFileRoute, redirect, useRouter, useRouterState } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAGE_ROLES } from '@contract/pages'
import { MarketScopeSearchSchema } from '@contract/scope'
import { readLargeParams } from '@/lib/large-params'
import { MerchantEditPage } from '@/features/merchants/merchant-edit-page'
import { useLeaveForm } from '@/lib/leave-form'

const MerchantEditSearchSchema = v.object({
  ...MarketScopeSearchSchema.entries,
  key: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{8,64}$/))), undefined),
})

/** The stored row's name, for the tab's title (the guard below checks the whole row). */
const NamedSchema = v.object({ name: v.string() })
function storedRow(key: unknown): { name: string } | null {
  return typeof key === 'string' ? readLargeParams(key, NamedSchema) : null
}

/** Opens only with `?key=` naming a stored row (SPEC §4); otherwise back to the list, saying why. */
export const Route = createFileRoute('/_console/merchant/edit')({
  staticData: {
    name: 'MerchantEdit',
    roles: PAGE_ROLES.MerchantEdit,
    // The tab says whom it edits.
    tabTitle: (search) => storedRow(search.key)?.name,
  },
  validateSearch: MerchantEditSearchSchema,
  beforeLoad: async ({ search }) => {
    const { listFiltersToReturnTo, storedMerchantRow } = await import('@/features/merchants/stored-row')
    const row = search.key === undefined ? null : storedMerchantRow(search.key)
    if (!row)
      throw redirect({
        to: '/merchant',
        search: { redirect: 'MerchantEdit', ...listFiltersToReturnTo(search.market), market: search.market },
      })
    return { row }
  },
  component: MerchantEdit,
})

function MerchantEdit(): ReactNode {
  const { market } = Route.useSearch()
  const row = Route.useRouteContext({ select: (context) => context.row })
  const href = useRouterState({ select: (state) => state.location.href })
  const router = useRouter()
  const leave = useLeaveForm(router.buildLocation({ to: '/merchant', search: { market } }).href)
  return <MerchantEditPage key={row.id} row={row} draftKey={href} onDone={leave} />
}
