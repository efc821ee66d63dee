import { createFileRoute, redirect } from '@tanstack/react-router'
import { LoginPage } from '@/features/auth/login-page'
import { RedirectSearchSchema, redirectTargetHref } from '@/lib/redirect-target'
import { getToken } from '@/lib/session'

export const Route = createFileRoute('/login')({
  staticData: { name: 'login', requiresAuth: false },
  validateSearch: RedirectSearchSchema,
  // Signed in already: go where the user was heading (guards there check the session).
  beforeLoad: ({ search }) => {
    if (getToken()) throw redirect({ href: redirectTargetHref(search.redirect) })
  },
  component: LoginPage,
})
