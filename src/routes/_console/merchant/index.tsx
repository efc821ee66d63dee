import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAGE_ROLES } from '@contract/access'
import { MarketScopeSearchSchema } from '@contract/scope'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

const MerchantManageSearchSchema = v.object({
  ...MarketScopeSearchSchema.entries,
  /** Set when the edit page sent the user back for want of its stored key (SPEC §4). */
  redirect: v.fallback(v.optional(v.picklist(['MerchantEdit'])), undefined),
})

export const Route = createFileRoute('/_console/merchant/')({
  staticData: { name: 'MerchantManage', roles: PAGE_ROLES.MerchantManage },
  validateSearch: MerchantManageSearchSchema,
  component: () => <PlaceholderPage name="MerchantManage" />,
})
