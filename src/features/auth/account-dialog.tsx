import * as v from 'valibot'
import { ClearPasswordSchema } from '@contract/password'
import { m } from '@/paraglide/messages'
import { hashPassword } from '@/lib/md5'
import { showToast } from '@/lib/toast'
import { bindField } from '@/components/form/field-binding'
import { FormFailure } from '@/components/form/form-failure'
import { TextField } from '@/components/form/text-field'
import { useConsoleForm } from '@/components/form/use-console-form'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { changePassword } from './mutations'

/** The new password meets the policy before it is hashed (the server only ever sees its MD5). */
const ChangePasswordFormSchema = v.pipe(
  v.object({
    oldPassword: v.pipe(v.string(), v.nonEmpty('validation_password_required')),
    newPassword: ClearPasswordSchema,
    confirm: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirm']],
      ({ newPassword, confirm }) => newPassword === confirm,
      'validation_password_mismatch',
    ),
    ['confirm'],
  ),
)
type Values = v.InferInput<typeof ChangePasswordFormSchema>
const EMPTY: Values = { oldPassword: '', newPassword: '', confirm: '' }

/** The form, mounted while the dialog is open: closing it forgets what was typed. */
function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { form, formProps, failure } = useConsoleForm({
    schema: ChangePasswordFormSchema,
    defaultValues: EMPTY,
    onSubmit: async ({ oldPassword, newPassword }) => {
      await changePassword({
        oldPassword: await hashPassword(oldPassword),
        newPassword: await hashPassword(newPassword),
      })
      void showToast('success', m.account_password_changed())
    },
    onSaved: onDone,
  })
  return (
    <form {...formProps} className="space-y-4" data-testid="account-form">
      <form.Field name="oldPassword">
        {(field) => (
          <TextField
            {...bindField(field)}
            type="password"
            label={m.account_old_password()}
            autoComplete="current-password"
            required
          />
        )}
      </form.Field>
      <form.Field name="newPassword">
        {(field) => (
          <TextField
            {...bindField(field)}
            type="password"
            label={m.account_new_password()}
            autoComplete="new-password"
            hint={m.validation_password_policy()}
            required
          />
        )}
      </form.Field>
      <form.Field name="confirm">
        {(field) => (
          <TextField
            {...bindField(field)}
            type="password"
            label={m.account_confirm_password()}
            autoComplete="new-password"
            required
          />
        )}
      </form.Field>
      <FormFailure message={failure} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {m.common_cancel()}
        </Button>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <Button type="submit" loading={submitting}>
              {m.account_save()}
            </Button>
          )}
        </form.Subscribe>
      </DialogFooter>
    </form>
  )
}

/** "My account": change the own password (policy checked before hashing; other sessions end). */
export function AccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.common_close()} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{m.account_title()}</DialogTitle>
          <DialogDescription>{m.account_description()}</DialogDescription>
        </DialogHeader>
        {open && <ChangePasswordForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}
