import { createFileRoute, redirect } from '@tanstack/react-router'
import { RedirectSearchSchema } from '@/lib/redirect-target'

/** `/` only forwards to sign-in, keeping `?redirect=` (an unknown path arrives as `/?redirect=notFound`). */
export const Route = createFileRoute('/')({
  validateSearch: RedirectSearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/login', search: search.redirect ? { redirect: search.redirect } : {} })
  },
})
