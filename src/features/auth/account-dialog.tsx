import { useId, useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { meetsPasswordPolicy } from '@contract/password'
import { m } from '@/paraglide/messages'
import { showToast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { FormField, fieldAria } from '@/components/ui/form-field'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { changePassword } from './api'
import { hashPassword } from '@/lib/md5'

type Fields = { oldPassword: string; newPassword: string; confirm: string }
const EMPTY: Fields = { oldPassword: '', newPassword: '', confirm: '' }

/** "My account": change the own password (policy checked before hashing; other sessions end). */
export function AccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId()
  const [fields, setFields] = useState<Fields>(EMPTY)
  const [errors, setErrors] = useState<Partial<Fields>>({})
  const save = useMutation({
    mutationFn: async () =>
      changePassword({ oldPassword: await hashPassword(fields.oldPassword), newPassword: await hashPassword(fields.newPassword) }),
    onSuccess: () => {
      void showToast('success', m.account_password_changed())
      setFields(EMPTY)
      onOpenChange(false)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const next: Partial<Fields> = {}
    if (!fields.oldPassword) next.oldPassword = m.validation_password_required()
    if (!fields.newPassword) next.newPassword = m.validation_password_required()
    else if (!meetsPasswordPolicy(fields.newPassword)) next.newPassword = m.validation_password_policy()
    if (fields.newPassword && fields.confirm !== fields.newPassword) next.confirm = m.validation_password_mismatch()
    setErrors(next)
    const firstBad = (Object.keys(next) as (keyof Fields)[])[0]
    if (firstBad) {
      document.getElementById(`${id}-${firstBad}`)?.focus()
      return
    }
    save.mutate()
  }

  const field = (name: keyof Fields, label: string, autoComplete: string, hint?: string) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]} hint={hint} required>
      <Input
        {...fieldAria(`${id}-${name}`, errors[name], hint)}
        type="password"
        autoComplete={autoComplete}
        value={fields[name]}
        onChange={(event) => setFields((previous) => ({ ...previous, [name]: event.target.value }))}
      />
    </FormField>
  )

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setFields(EMPTY)
          setErrors({})
          save.reset()
        }
        onOpenChange(next)
      }}
    >
      <DialogContent closeLabel={m.common_close()} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{m.account_title()}</DialogTitle>
          <DialogDescription>{m.account_description()}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4" data-testid="account-form">
          {field('oldPassword', m.account_old_password(), 'current-password')}
          {field('newPassword', m.account_new_password(), 'new-password', m.validation_password_policy())}
          {field('confirm', m.account_confirm_password(), 'new-password')}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {m.common_cancel()}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {m.account_save()}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
