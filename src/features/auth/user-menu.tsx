import type { ComponentProps } from 'react'
import { CircleUser } from 'lucide-react'
import type { UserInfo } from '@contract/user'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { useOpenerOnUse } from '@/components/ui/opener-on-use'

// The menu's Radix code loads on first use (issue 24): the console's first paint draws its button only.
const loadDropdown = () => import('./user-menu-dropdown')

/** The navbar's user menu: the user's name and role, My account, Sign out. */
export function UserMenu({ user }: { user: UserInfo }) {
  const opener = useOpenerOnUse(loadDropdown, 'menu')
  const button = (props: ComponentProps<typeof Button>) => (
    <Button variant="ghost" size="sm" aria-label={m.nav_user_menu()} data-testid="user-menu" {...props}>
      <CircleUser aria-hidden className="size-4" />
      <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
    </Button>
  )
  if (!opener.loaded) return button(opener.standIn)
  return <opener.loaded.UserMenuDropdown user={user} trigger={button({ ref: opener.triggerRef })} />
}
