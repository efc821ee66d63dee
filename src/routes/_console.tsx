import { useEffect, type ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { Role } from '@contract/roles'
import { guardConsoleRoute, type GuardInput } from '@/features/auth/guard'
import { loadQueryClient } from '@/lib/query-client-lazy'
import { UserMenu } from '@/features/auth/user-menu'
import { MarketSwitcher } from '@/features/markets/market-switcher'
import { MessageBox } from '@/features/messages/message-box'
import { ConsoleLayout } from '@/features/shell/console-layout'

/** Every signed-in page sits in this layout; its guard runs before any of them loads. */
export const Route = createFileRoute('/_console')({
  // `matches` is typed by the whole route tree, this route included: naming it here makes the tree's
  // type refer to itself, so the options pass through as the plain shape the guard reads.
  // The query client is made here (not at start-up, which the sign-in page shares) and handed to every
  // page below in the route context.
  beforeLoad: async (options) => {
    const queryClient = await loadQueryClient()
    const { user } = await guardConsoleRoute({ ...(options as unknown as GuardInput), context: { queryClient } })
    return { user, queryClient }
  },
  component: Console,
})

function Console(): ReactNode {
  // Selected one by one: the guard answers a new context object on every navigation (the same user,
  // from the query cache), and the whole shell would draw again for each page of a list.
  const user = Route.useRouteContext({ select: (context) => context.user })
  const queryClient = Route.useRouteContext({ select: (context) => context.queryClient })
  // The pages' error view loads on first use (src/router.ts); fetch it now, so a page that fails
  // because the network went away can still say so.
  useEffect(() => void import('@/components/async-state/route-error'), [])
  return (
    <QueryClientProvider client={queryClient}>
      <ConsoleLayout
        role={user.role}
        userMenu={<UserMenu user={user} />}
        messageBox={<MessageBox />}
        // MARKET users are fixed to their own market: only OFFICIAL users choose one.
        marketSwitcher={user.role === Role.OFFICIAL ? <MarketSwitcher /> : undefined}
      />
    </QueryClientProvider>
  )
}
