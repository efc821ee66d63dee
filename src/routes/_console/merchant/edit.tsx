import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAGE_ROLES } from '@contract/access'
import { MarketScopeSearchSchema } from '@contract/scope'
import { hasLargeParams } from '@/lib/large-params'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

const MerchantEditSearchSchema = v.object({
  ...MarketScopeSearchSchema.entries,
  key: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{8,64}$/))), undefined),
})

/** Opens only with `?key=` naming a stored parameter object (SPEC §4); otherwise back to the list. */
export const Route = createFileRoute('/_console/merchant/edit')({
  staticData: { name: 'MerchantEdit', roles: PAGE_ROLES.MerchantEdit },
  validateSearch: MerchantEditSearchSchema,
  beforeLoad: ({ search }) => {
    if (!search.key || !hasLargeParams(search.key))
      throw redirect({ to: '/merchant', search: { redirect: 'MerchantEdit', market: search.market } })
  },
  component: () => <PlaceholderPage name="MerchantEdit" />,
})
