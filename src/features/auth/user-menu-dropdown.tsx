import { lazy, Suspense, useState, type ReactElement } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { KeyRound, LogOut } from 'lucide-react'
import { Role } from '@contract/roles'
import type { UserInfo } from '@contract/user'
import { m } from '@/paraglide/messages'
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

/** The user menu itself, loaded on first use (src/features/auth/user-menu.tsx draws its button till then). */
export function UserMenuDropdown({ user, trigger }: { user: UserInfo; trigger: ReactElement }) {
  const navigate = useNavigate()
  const [accountOpen, setAccountOpen] = useState(false)
  const [accountUsed, setAccountUsed] = useState(false)
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
