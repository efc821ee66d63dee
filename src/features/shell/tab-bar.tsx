import { useRouter, useRouterState } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { ChevronDown, RotateCw, X } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { routeTitle } from '@/lib/route-meta'
import { closeTabs, isHome, useTabs, type CloseAction, type Tab } from '@/lib/tabs'
import { cn } from '@/lib/cn'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'

/**
 * Open pages as tabs (SPEC §2, DESIGN §9). A tab keeps its full URL (filters and page), its data stays
 * in the query cache and its scroll position is restored per URL, so switching back shows the page
 * as it was left. Reload goes through /redirect/… and refetches the page's data.
 */
export function TabBar() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const { tabs } = useTabs()
  const activeHref = useRouterState({ select: (state) => state.location.href })
  const active = tabs.find((tab) => tab.fullPath === activeHref) ?? null

  const go = (href: string) => router.navigate({ href })

  function close(action: CloseAction, target: Tab) {
    const next = closeTabs(action, target, activeHref)
    if (next) void go(next.fullPath)
  }

  async function reload(tab: Tab) {
    await queryClient.invalidateQueries({ predicate: (query) => query.getObserversCount() > 0 })
    const [path = '', search = ''] = tab.fullPath.split(/(?=\?)/)
    void go(`/redirect/${encodeURIComponent(path.replace(/^\//, ''))}${search}`)
  }

  const actions: { action: CloseAction; label: () => string }[] = [
    { action: 'self', label: m.tab_close },
    { action: 'others', label: m.tab_close_others },
    { action: 'left', label: m.tab_close_left },
    { action: 'right', label: m.tab_close_right },
    { action: 'all', label: m.tab_close_all },
  ]

  return (
    <div className="flex h-10 items-center gap-1 border-b border-border bg-card px-2" data-testid="tab-bar">
      <nav aria-label={m.tab_bar_label()} className="flex min-w-0 flex-1 gap-1 overflow-x-auto py-1">
        {tabs.map((tab) => {
          const current = tab.fullPath === activeHref
          return (
            <div
              key={tab.fullPath}
              className={cn(
                'group flex shrink-0 items-center rounded border text-sm',
                current
                  ? 'border-primary-3 bg-primary-1 text-primary'
                  : 'border-border text-muted-foreground hover:text-foreground',
              )}
            >
              <a
                href={tab.fullPath}
                aria-current={current ? 'page' : undefined}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
                  event.preventDefault()
                  void go(tab.fullPath)
                }}
                onAuxClick={(event) => {
                  if (event.button === 1 && !isHome(tab)) {
                    event.preventDefault()
                    close('self', tab)
                  }
                }}
                className="rounded px-2.5 py-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {routeTitle(tab.title)}
              </a>
              {!isHome(tab) && (
                <button
                  type="button"
                  aria-label={m.tab_close_named({ title: routeTitle(tab.title) })}
                  onClick={() => close('self', tab)}
                  className="mr-1 rounded p-0.5 opacity-60 hover:bg-accent hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <X aria-hidden className="size-3" />
                </button>
              )}
            </div>
          )
        })}
      </nav>
      {active && (
        <>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={m.tab_reload()}
            title={m.tab_reload()}
            onClick={() => void reload(active)}
          >
            <RotateCw aria-hidden className="size-4" />
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={m.tab_actions()}
                data-testid="tab-actions"
              >
                <ChevronDown aria-hidden className="size-4" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => void reload(active)}>{m.tab_reload()}</DropdownMenuItem>
              <DropdownMenuSeparator />
              {actions.map(({ action, label }) => (
                <DropdownMenuItem
                  key={action}
                  disabled={action === 'self' && isHome(active)}
                  onSelect={() => close(action, active)}
                >
                  {label()}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        </>
      )}
    </div>
  )
}
