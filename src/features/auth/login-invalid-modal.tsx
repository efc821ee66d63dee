import { m } from '@/paraglide/messages'
import { useQueryClient } from '@tanstack/react-query'
import { loginInvalidStore } from '@/lib/request-errors'
import { useStore } from '@/lib/store'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { logout } from './logout'

/** SPEC §8: code 1001 asks to sign in again (log out and reload) or to stay on the page. */
export function LoginInvalidModal() {
  const open = useStore(loginInvalidStore)
  const queryClient = useQueryClient()
  return (
    <AlertDialog open={open} onOpenChange={(next) => loginInvalidStore.set(next)}>
      <AlertDialogContent data-testid="login-invalid-modal">
        <AlertDialogHeader>
          <AlertDialogTitle>{m.modal_login_invalid_title()}</AlertDialogTitle>
          <AlertDialogDescription>{m.modal_login_invalid_content()}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{m.modal_stay()}</AlertDialogCancel>
          <AlertDialogAction
            onClick={async () => {
              await logout(queryClient)
              window.location.reload()
            }}
          >
            {m.modal_relogin()}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
