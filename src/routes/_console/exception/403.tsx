import { createFileRoute } from '@tanstack/react-router'
import { ForbiddenPage } from '@/features/shell/forbidden-page'

export const Route = createFileRoute('/_console/exception/403')({
  staticData: { name: 'Forbidden', roles: ['*'] },
  component: ForbiddenPage,
})
