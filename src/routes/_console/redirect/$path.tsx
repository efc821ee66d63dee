import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/redirect/<encoded path>` re-enters a page from scratch (the tab bar's reload). Never a tab. */
export const Route = createFileRoute('/_console/redirect/$path')({
  staticData: { name: 'Redirect' },
  beforeLoad: ({ params, location }) => {
    const path = `/${decodeURIComponent(params.path).replace(/^\/+/, '')}`
    throw redirect({ href: `${path}${location.searchStr}` })
  },
})
