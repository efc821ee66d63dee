import { useState } from 'react'
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
import { AccountDialog } from './account-dialog'
import { logout } from './logout'

export function UserMenu({ user }: { user: UserInfo }) {
  const navigate = useNavigate()
  const [accountOpen, setAccountOpen] = useState(false)
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
          <DropdownMenuItem onSelect={() => setAccountOpen(true)}>
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
      <AccountDialog open={accountOpen} onOpenChange={setAccountOpen} />
    </>
  )
}
