import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { Role } from '@contract/roles'
import { hasLargeParams } from '@/lib/large-params'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

const MerchantEditSearchSchema = v.object({
  key: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{8,64}$/))), undefined),
})

/** Opens only with `?key=` naming a stored parameter object (SPEC §4); otherwise back to the list. */
export const Route = createFileRoute('/_console/merchant/edit')({
  staticData: { name: 'MerchantEdit', roles: [Role.OFFICIAL, Role.MARKET] },
  validateSearch: MerchantEditSearchSchema,
  beforeLoad: ({ search }) => {
    if (!search.key || !hasLargeParams(search.key)) throw redirect({ to: '/merchant', search: { redirect: 'MerchantEdit' } })
  },
  component: () => <PlaceholderPage name="MerchantEdit" />,
})
