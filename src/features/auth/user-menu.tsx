import { lazy, Suspense, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { CircleUser, KeyRound, LogOut } from 'lucide-react'
import { Role } from '@contract/roles'
import type { UserInfo } from '@contract/user'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { logout } from './logout'

// The account dialog and its form kit load when it is first opened: nothing of them rides on the
// console's first load (issue 24); once opened it stays mounted, so it closes with its animation.
const AccountDialog = lazy(() => import('./account-dialog').then((module) => ({ default: module.AccountDialog })))

export function UserMenu({ user }: { user: UserInfo }) {
  const navigate = useNavigate()
  const [accountOpen, setAccountOpen] = useState(false)
  const [accountUsed, setAccountUsed] = useState(false)
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={m.nav_user_menu()} data-testid="user-menu">
            <CircleUser aria-hidden className="size-4" />
            <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-48">
          <DropdownMenuLabel className="font-normal">
            <span className="block font-medium">{user.username}</span>
            <span className="block text-xs text-muted-foreground">
              {user.role === Role.OFFICIAL ? m.role_official() : m.role_market()}
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => {
              setAccountUsed(true)
              setAccountOpen(true)
            }}
          >
            <KeyRound aria-hidden className="size-4" />
            {m.nav_my_account()}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={async () => {
              await logout()
              await navigate({ to: '/login' })
            }}
          >
            <LogOut aria-hidden className="size-4" />
            {m.nav_logout()}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {accountUsed && (
        <Suspense fallback={null}>
          <AccountDialog open={accountOpen} onOpenChange={setAccountOpen} />
        </Suspense>
      )}
    </>
  )
}
