import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import * as v from 'valibot'
import { requiredText, wholeNumber } from '@contract/fields'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { forgetDraft, recallDraft, reloadDraftsForTest } from '@/lib/form-memory'
import { FormFooter } from './form-footer'
import { bindField } from './field-binding'
import { FormFailure } from './form-failure'
import { NumberField } from './number-field'
import { TextField } from './text-field'
import { useConsoleForm } from './use-console-form'

const { showToast, dismissToast } = vi.hoisted(() => ({ showToast: vi.fn(), dismissToast: vi.fn() }))
vi.mock('@/lib/toast', () => ({ showToast, dismissToast, errorToastId: (message: string) => `error:${message}` }))

const Schema = v.object({
  name: requiredText(60),
  stallCount: wholeNumber(0, 100_000, 'validation_stall_count'),
  password: v.string(),
})
type Values = v.InferInput<typeof Schema>

type FormProps = {
  onSubmit: (values: Values) => Promise<void>
  draftKey?: string
  onSaved?: () => void
  /** The name's availability, asked 400 ms after typing (as the market form asks of a username). */
  nameAvailable?: (name: string) => Promise<boolean>
}

function MarketLikeForm({ onSubmit, draftKey, onSaved, nameAvailable }: FormProps) {
  const { form, formProps, failure } = useConsoleForm({
    schema: Schema,
    defaultValues: { name: '', stallCount: Number.NaN, password: '' },
    draftKey,
    onSubmit,
    onSaved,
  })
  return (
    <form {...formProps} aria-label="market">
      <form.Field
        name="name"
        validators={
          nameAvailable && {
            onChangeAsyncDebounceMs: 400,
            onChangeAsync: async ({ value }) => ((await nameAvailable(value)) ? undefined : 'error_username_taken'),
          }
        }
      >
        {(field) => (
          <TextField
            {...bindField(field)}
            label="Market name"
            required
            trailing={field.state.meta.isValidating ? <span>Checking</span> : null}
          />
        )}
      </form.Field>
      <form.Field name="stallCount">
        {(field) => <NumberField {...bindField(field)} label="Stall count" required />}
      </form.Field>
      <form.Field name="password">
        {(field) => <TextField {...bindField(field)} type="password" label="Password" />}
      </form.Field>
      <FormFailure message={failure} />
      <button type="submit">Save</button>
    </form>
  )
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }))
// Labels of required fields start with an asterisk (hidden from screen readers).
const field = (label: string) => screen.getByLabelText(new RegExp(`^\\*?${label}$`)) as HTMLInputElement
const type = (label: string, text: string) => fireEvent.change(field(label), { target: { value: text } })

beforeEach(() => {
  showToast.mockReset()
  dismissToast.mockReset()
})
afterEach(cleanup)

describe('useConsoleForm', () => {
  it('a failed submit shows every error, says so in a toast and focuses the first invalid field', async () => {
    const onSubmit = vi.fn(async () => {})
    render(<MarketLikeForm onSubmit={onSubmit} />)
    submit()
    await waitFor(() => expect(document.activeElement).toBe(field('Market name')))
    expect(field('Market name').getAttribute('aria-invalid')).toBe('true')
    expect(field('Stall count').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText(m.validation_required())).toBeTruthy()
    expect(showToast).toHaveBeenCalledWith('error', m.validation_entries_have_errors())
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it("says a too-long field's limit as it is typed", async () => {
    render(<MarketLikeForm onSubmit={async () => {}} />)
    type('Market name', '菜'.repeat(61))
    await waitFor(() =>
      expect(document.getElementById(field('Market name').getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        m.validation_too_long_max({ max: 60 }),
      ),
    )
  })

  it("puts a 40000 answer's field errors on their fields, as the server worded them, and focuses the first", async () => {
    const refused = new ApiRequestError(
      'This name is already registered',
      40000,
      [{ field: 'name', message: 'This name is already registered' }],
      400,
    )
    render(<MarketLikeForm onSubmit={() => Promise.reject(refused)} />)
    type('Market name', '新华农贸市场')
    type('Stall count', '12')
    submit()
    const name = field('Market name')
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    // The field's message is announced with it (aria-describedby points at it).
    const described = document.getElementById(name.getAttribute('aria-describedby') ?? '')
    expect(described?.textContent).toBe('This name is already registered')
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('This name is already registered')
    await waitFor(() => expect(document.activeElement).toBe(name))
    expect(showToast).toHaveBeenCalledWith('error', 'This name is already registered')
    // Editing the field clears the server's verdict on it.
    type('Market name', '新华农贸市场二部')
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull())
  })

  it('puts a 40900 that names its field (a code already bound) under that field', async () => {
    const taken = new ApiRequestError(
      'A device with this code is already bound',
      40900,
      [{ field: 'name', message: 'A device with this code is already bound' }],
      409,
    )
    render(<MarketLikeForm onSubmit={() => Promise.reject(taken)} />)
    type('Market name', 'POS-0001')
    type('Stall count', '12')
    submit()
    const name = field('Market name')
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A device with this code is already bound',
    )
  })

  it('shows a failure without field errors above the buttons', async () => {
    render(
      <MarketLikeForm
        onSubmit={() => Promise.reject(new ApiRequestError('Internal server error', 50000, null, 500))}
      />,
    )
    type('Market name', '新华农贸市场')
    type('Stall count', '12')
    submit()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Internal server error'))
  })

  it('a save after failed submits takes their error toasts away before the success is said', async () => {
    let attempt = 0
    const onSubmit = vi.fn(async () => {
      attempt += 1
      if (attempt === 1) throw new ApiRequestError('Internal server error', 50000, null, 500)
    })
    const onSaved = vi.fn(() => expect(dismissToast).toHaveBeenCalledTimes(2))
    render(<MarketLikeForm onSubmit={onSubmit} onSaved={onSaved} />)
    submit()
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('error', m.validation_entries_have_errors()))
    type('Market name', '新华农贸市场')
    type('Stall count', '12')
    submit()
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('error', 'Internal server error'))
    expect(dismissToast).not.toHaveBeenCalled()
    submit()
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce())
    expect(dismissToast.mock.calls.map(([id]) => id).sort()).toEqual(
      [`error:${m.validation_entries_have_errors()}`, 'error:Internal server error'].sort(),
    )
  })

  it('a submit while a field is still being checked waits for the check, then saves', async () => {
    const onSubmit = vi.fn(async (_values: Values) => {})
    const nameAvailable = vi.fn(async () => true)
    render(<MarketLikeForm onSubmit={onSubmit} nameAvailable={nameAvailable} />)
    type('Stall count', '12')
    type('Market name', '新华农贸市场')
    // Inside the check's 400 ms: the form once refused this as "entries have errors", no field marked.
    await screen.findByText('Checking')
    submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '新华农贸市场', stallCount: 12, password: '' }))
    expect(nameAvailable).toHaveBeenCalledWith('新华农贸市场')
    expect(showToast).not.toHaveBeenCalled()
  })

  it('a submit while a field is still being checked is refused on that field when the check says no', async () => {
    const onSubmit = vi.fn(async (_values: Values) => {})
    render(<MarketLikeForm onSubmit={onSubmit} nameAvailable={async () => false} />)
    type('Stall count', '12')
    type('Market name', '新华农贸市场')
    await screen.findByText('Checking')
    submit()
    await waitFor(() => expect(document.activeElement).toBe(field('Market name')))
    expect(field('Market name').getAttribute('aria-invalid')).toBe('true')
    expect(showToast).toHaveBeenCalledWith('error', m.validation_entries_have_errors())
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it("an integer field refuses '1e3' instead of reading 1000, and takes digits", async () => {
    const onSubmit = vi.fn(async (_values: Values) => {})
    render(<MarketLikeForm onSubmit={onSubmit} />)
    type('Market name', '新华农贸市场')
    type('Stall count', '1e3')
    const stalls = field('Stall count')
    // What was typed stays on screen, so the message explains it.
    expect(stalls.value).toBe('1e3')
    fireEvent.blur(stalls)
    await waitFor(() => expect(screen.getByText(m.validation_stall_count())).toBeTruthy())
    submit()
    await waitFor(() => expect(document.activeElement).toBe(stalls))
    expect(onSubmit).not.toHaveBeenCalled()

    type('Stall count', '1000')
    submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '新华农贸市场', stallCount: 1000, password: '' }))
  })

  it('keeps a half-filled form for its tab, never its password', async () => {
    const { unmount } = render(<MarketLikeForm onSubmit={async () => {}} draftKey="/market/register" />)
    type('Market name', '半填写的市场')
    type('Password', 'Secret123')
    await act(async () => unmount())
    // An empty number is not kept (JSON cannot bring NaN back): the form's own empty value fills it.
    expect(recallDraft<Values>('/market/register')).toEqual({ name: '半填写的市场' })
    render(<MarketLikeForm onSubmit={async () => {}} draftKey="/market/register" />)
    expect(field('Market name').value).toBe('半填写的市场')
    expect(field('Password').value).toBe('')
    forgetDraft('/market/register')
  })

  it('keeps the draft as it is typed, across a reload of the page, and never writes a password', async () => {
    render(<MarketLikeForm onSubmit={async () => {}} draftKey="/market/register?draft=1" />)
    type('Market name', '重新加载的市场')
    type('Stall count', '12')
    type('Password', 'Secret123')
    // Written while the form is still open: a reload would not unmount it.
    await waitFor(() => expect(sessionStorage.getItem('ds-drafts')).toContain('重新加载的市场'))
    expect(sessionStorage.getItem('ds-drafts')).not.toContain('Secret123')
    cleanup()
    reloadDraftsForTest()
    render(<MarketLikeForm onSubmit={async () => {}} draftKey="/market/register?draft=1" />)
    expect(field('Market name').value).toBe('重新加载的市场')
    expect(field('Stall count').value).toBe('12')
    expect(field('Password').value).toBe('')
    forgetDraft('/market/register?draft=1')
  })
})

describe('FormFooter', () => {
  it('asks before Cancel loses typing, and returns focus to Cancel when the user keeps editing', async () => {
    const onCancel = vi.fn()
    const { rerender } = render(
      <FormFooter failure={null} submitting={false} submitLabel="Save" submitTestId="save" onCancel={onCancel} />,
    )
    fireEvent.click(screen.getByRole('button', { name: m.common_cancel() }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    rerender(
      <FormFooter
        failure={null}
        submitting={false}
        submitLabel="Save"
        submitTestId="save"
        onCancel={onCancel}
        confirmCancel
      />,
    )
    const cancel = screen.getByRole('button', { name: m.common_cancel() })
    fireEvent.click(cancel)
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain(m.form_discard_title())
    fireEvent.click(screen.getByRole('button', { name: m.form_keep_editing() }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(onCancel).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(document.activeElement).toBe(cancel))
    fireEvent.click(cancel)
    fireEvent.click(await screen.findByRole('button', { name: m.form_discard_confirm() }))
    expect(onCancel).toHaveBeenCalledTimes(2)
  })
})
