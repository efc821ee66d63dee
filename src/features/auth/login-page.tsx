import { useId, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { ApiCode } from '@contract/api'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { redirectTargetHref } from '@/lib/redirect-target'
import { clearToken, setToken } from '@/lib/session'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { FormField, fieldAria } from '@/components/ui/form-field'
import { useLocale } from '@/lib/locale'
import { LocaleSwitch } from '@/components/locale-switch'
import { authKeys, login } from './api'
import { hashPassword, preloadPasswordHasher } from '@/lib/md5'

/** Server reasons clearer than the generic one: wrong password, frozen or no role, locked out, bad input. */
const EXPLAINED_CODES: readonly number[] = [ApiCode.WRONG_CREDENTIALS, ApiCode.FORBIDDEN, ApiCode.TOO_MANY_ATTEMPTS, ApiCode.INVALID_INPUT]

type Errors = { username?: string; password?: string }

export function LoginPage() {
  useLocale()
  const id = useId()
  const search = useSearch({ from: '/login' })
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Errors>({})

  const signIn = useMutation({
    mutationFn: async () => login({ username: username.trim(), password: await hashPassword(password) }),
    meta: { handlesErrors: true },
    onSuccess: async ({ token }) => {
      setToken(token)
      await queryClient.invalidateQueries({ queryKey: authKeys.all })
      await navigate({ href: redirectTargetHref(search.redirect), replace: true })
    },
    onError: () => clearToken(),
  })

  const failure = signIn.error
  const failureText =
    failure instanceof ApiRequestError && EXPLAINED_CODES.includes(failure.code) && failure.message ? failure.message : failure ? m.login_error() : null

  function submit(event: FormEvent) {
    event.preventDefault()
    const next: Errors = {}
    if (!username.trim()) next.username = m.validation_username_required()
    if (!password) next.password = m.validation_password_required()
    setErrors(next)
    if (next.username || next.password) {
      document.getElementById(next.username ? `${id}-username` : `${id}-password`)?.focus()
      return
    }
    signIn.mutate()
  }

  return (
    <div className="flex min-h-full flex-col bg-background">
      <header className="flex items-center justify-between px-6 py-4">
        <div className="flex items-center gap-2 font-semibold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{m.app_title()}</span>
        </div>
        <LocaleSwitch />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-sm rounded-lg border border-border bg-card p-8 shadow-sm">
          <h1 className="text-2xl font-semibold text-card-foreground">{m.app_title()}</h1>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">{m.login_subtitle()}</p>
          <form noValidate aria-label={m.login_form_label()} onSubmit={submit} className="space-y-4">
            <FormField id={`${id}-username`} label={m.login_username()} error={errors.username}>
              <Input
                {...fieldAria(`${id}-username`, errors.username)}
                name="username"
                autoComplete="username"
                autoFocus
                value={username}
                onChange={(event) => setUsername(event.target.value)}
              />
            </FormField>
            <FormField id={`${id}-password`} label={m.login_password()} error={errors.password}>
              <Input
                {...fieldAria(`${id}-password`, errors.password)}
                name="password"
                type="password"
                autoComplete="current-password"
                onFocus={preloadPasswordHasher}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </FormField>
            {failureText && (
              <p role="alert" className="rounded bg-danger-subtle px-3 py-2 text-sm text-danger">
                {failureText}
              </p>
            )}
            <Button type="submit" className="w-full" loading={signIn.isPending}>
              {m.login_submit()}
            </Button>
          </form>
        </div>
      </main>
    </div>
  )
}
