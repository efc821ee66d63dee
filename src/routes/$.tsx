import { createFileRoute, redirect } from '@tanstack/react-router'

/** Any unknown path goes to `/` with `redirect=notFound` (SPEC §2). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', search: { redirect: 'notFound' } })
  },
})
