import type { ReactNode } from 'react'
import { createFileRoute, redirect, useRouter, useRouterState } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAGE_ROLES } from '@contract/pages'
import type { MerchantListItem } from '@contract/merchants'
import { MarketScopeSearchSchema } from '@contract/scope'
import { readLargeParams } from '@/lib/large-params'
import { MerchantEditPage } from '@/features/merchants/merchant-edit-page'
import { useLeaveForm } from '@/lib/leave-form'

const MerchantEditSearchSchema = v.object({
  ...MarketScopeSearchSchema.entries,
  key: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{8,64}$/))), undefined),
})

/** The list row stored under the URL's key, if it is one (an id and a name at least). */
function storedRow(key: unknown): MerchantListItem | null {
  if (typeof key !== 'string') return null
  const row = readLargeParams<Partial<MerchantListItem>>(key)
  return row && typeof row.id === 'string' && typeof row.name === 'string' ? (row as MerchantListItem) : null
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
  beforeLoad: ({ search }) => {
    if (!storedRow(search.key))
      throw redirect({ to: '/merchant', search: { redirect: 'MerchantEdit', market: search.market } })
  },
  component: MerchantEdit,
})

function MerchantEdit(): ReactNode {
  const { key, market } = Route.useSearch()
  const href = useRouterState({ select: (state) => state.location.href })
  const router = useRouter()
  const leave = useLeaveForm(router.buildLocation({ to: '/merchant', search: { market } }).href)
  const row = storedRow(key)
  if (!row) return null
  return <MerchantEditPage key={row.id} row={row} draftKey={href} onDone={leave} />
}
