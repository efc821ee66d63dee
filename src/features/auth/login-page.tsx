import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import * as v from 'valibot'
import { ApiCode } from '@contract/api'
import { UsernameSchema } from '@contract/user'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { redirectTargetHref } from '@/lib/redirect-target'
import { existingQueryClient, loadQueryClient } from '@/lib/query-client-lazy'
import { clearToken, setToken } from '@/lib/session'
import { useLocale } from '@/lib/locale'
import { hashPassword, preloadPasswordHasher } from '@/lib/md5'
import { LocaleSwitch } from '@/components/locale-switch'
import { FormFailure } from '@/components/form/form-failure'
import { focusFirstInvalid, schemaErrors } from '@/components/form/form-errors'
import { TextField } from '@/components/form/text-field'
import { Button } from '@/components/ui/button'
import { takeEarlySubmit } from '@/prerender/early-submit'
import { forgetTypedValues, typedBeforeHydration } from '@/prerender/typed-before-hydration'
import { login } from './mutations'
import { authKeys } from './queries'
import { BrandMark } from '@/components/brand-mark'

/** Server reasons clearer than the generic one: wrong password, frozen or no role, locked out, bad input. */
const EXPLAINED_CODES: readonly number[] = [
  ApiCode.WRONG_CREDENTIALS,
  ApiCode.FORBIDDEN,
  ApiCode.TOO_MANY_ATTEMPTS,
  ApiCode.INVALID_INPUT,
]

/** The server's own username rule, so it never answers 40000 for what is checked here; the password only needs typing. */
const SignInSchema = v.object({
  username: UsernameSchema,
  password: v.pipe(v.string(), v.nonEmpty('validation_password_required')),
})
type Values = { username: string; password: string }

/**
 * The fields' values as the form holds them. A key typed after src/main.tsx read the prerendered form
 * and before hydration's commit is in the field, not yet in the state (React replays its change after
 * the commit), and a sign-in pressed before the code arrived is sent from the first layout effect.
 */
function fieldValues(form: HTMLFormElement | null, fallback: Values): Values {
  const value = (name: keyof Values) => {
    const field = form?.elements.namedItem(name)
    return field instanceof HTMLInputElement ? field.value : fallback[name]
  }
  return { username: value('username'), password: value('password') }
}

/**
 * The sign-in page. It is the first page most visits download, so it uses the form kit's field
 * components and helpers but not TanStack Form (13 KB compressed; bench/login-page.mjs's budget).
 */
export function LoginPage() {
  useLocale()
  const search = useSearch({ from: '/login' })
  const navigate = useNavigate()
  const formRef = useRef<HTMLFormElement>(null)
  // What was typed into the prerendered form before this code arrived (src/main.tsx hydrates it).
  const [values, setValues] = useState<Values>(() => ({
    username: typedBeforeHydration('username'),
    password: typedBeforeHydration('password'),
  }))
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({})

  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  // Hydrated: what the fields hold is the state, before any later key re-renders them (a key typed
  // after src/main.tsx read the form, or a hydration React restarted, left the state behind the DOM,
  // and the next render would have emptied the field). Sign in pressed before this code arrived (the
  // boot script held it) goes now.
  useLayoutEffect(() => {
    forgetTypedValues(['username', 'password'])
    const typed = fieldValues(formRef.current, values)
    if (typed.username !== values.username || typed.password !== values.password) setValues(typed)
    if (takeEarlySubmit()) formRef.current?.requestSubmit()
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // A plain call, not a TanStack mutation: the sign-in page loads without TanStack Query.
  async function signIn(entered: Values) {
    setPending(true)
    setFailure(null)
    // The console's query cache loads while the sign-in call is under way, not after it.
    void loadQueryClient()
    try {
      const { token } = await login({
        username: entered.username.trim(),
        password: await hashPassword(entered.password),
      })
      setToken(token)
      // A previous account's data (same page load) must not show for this one.
      await existingQueryClient()?.invalidateQueries({ queryKey: authKeys.all })
      await navigate({ href: redirectTargetHref(search.redirect), replace: true })
    } catch (error) {
      clearToken()
      setFailure(error)
    } finally {
      setPending(false)
    }
  }

  const failureText =
    failure instanceof ApiRequestError && EXPLAINED_CODES.includes(failure.code) && failure.message
      ? failure.message
      : failure
        ? m.login_error()
        : null

  function submit(event: FormEvent) {
    event.preventDefault()
    const current = fieldValues(formRef.current, values)
    setValues(current)
    const found = schemaErrors(SignInSchema, current)
    setErrors(found)
    if (Object.keys(found).length > 0) return focusFirstInvalid(formRef.current)
    void signIn(current)
  }

  const change = (name: keyof Values) => (value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }))
    setErrors(({ [name]: _, ...others }) => others)
  }

  return (
    <div className="flex min-h-full flex-col bg-background">
      <header className="flex items-center justify-between px-6 py-4">
        <div className="flex items-center gap-2 font-semibold">
          <BrandMark />
          <span>{m.app_title()}</span>
        </div>
        <LocaleSwitch />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-sm rounded-lg border border-border bg-card p-8 shadow-sm">
          <h1 className="text-2xl font-semibold text-card-foreground">{m.app_title()}</h1>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">{m.login_subtitle()}</p>
          {/* The page is prerendered (src/prerender/pages.ts) and shows before its code runs. A native
              submit then must not put the password in an address (a GET's query string lands in
              histories and access logs): method="post" sends the fields in a body to this page's own
              URL, which server/static.ts answers with a 303 back here without reading it. Once the code
              runs, submit() prevents the native submit and signs in through the API. */}
          <form
            ref={formRef}
            method="post"
            noValidate
            aria-label={m.login_form_label()}
            onSubmit={submit}
            className="space-y-4"
          >
            <TextField
              name="username"
              label={m.login_username()}
              autoComplete="username"
              autoFocus
              value={values.username}
              onChange={change('username')}
              error={errors.username}
            />
            <TextField
              name="password"
              type="password"
              label={m.login_password()}
              autoComplete="current-password"
              onFocus={preloadPasswordHasher}
              value={values.password}
              onChange={change('password')}
              error={errors.password}
            />
            <FormFailure message={failureText} />
            <Button type="submit" className="w-full" loading={pending}>
              {m.login_submit()}
            </Button>
          </form>
        </div>
      </main>
    </div>
  )
}
