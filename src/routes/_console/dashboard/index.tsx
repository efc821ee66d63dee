import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_console/dashboard/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/workplace' })
  },
})
