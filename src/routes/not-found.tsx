import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '@/features/shell/not-found-page'

export const Route = createFileRoute('/not-found')({
  staticData: { name: 'notFound', requiresAuth: false },
  component: NotFoundPage,
})
