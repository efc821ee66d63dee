import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '@/features/shell/not-found-page'

/** Not found, inside the console's shell: where a signed-in user's unknown address lands. */
export const Route = createFileRoute('/_console/exception/404')({
  staticData: { name: 'notFound', roles: ['*'] },
  component: NotFoundPage,
})
