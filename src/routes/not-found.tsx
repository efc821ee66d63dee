import { createFileRoute, redirect } from '@tanstack/react-router'
import { NotFoundPage } from '@/features/shell/not-found-page'
import { getToken } from '@/lib/session'

/** Not found for a visitor who is not signed in; a signed-in user sees it inside the console's shell. */
export const Route = createFileRoute('/not-found')({
  staticData: { name: 'notFound', requiresAuth: false },
  beforeLoad: () => {
    if (getToken()) throw redirect({ to: '/exception/404', replace: true })
  },
  component: NotFoundPage,
})
