import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { ApiCode } from '@contract/api'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { mockedApi, renderWithQueries } from '@/test-support/queries'
import { showToast } from '@/test-support/toast-mock'
import { MarketRulesForm } from './market-rules'

vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: vi.fn() }))
vi.mock('@/lib/toast', async () => (await import('@/test-support/toast-mock')).toastModule)
const apiMock = mockedApi()

afterEach(() => {
  cleanup()
  apiMock.mockReset()
  showToast.mockReset()
})

const MARKET = '11111111-1111-4111-8111-111111111111'

function renderForm() {
  return renderWithQueries(
    <MarketRulesForm
      marketId={MARKET}
      rules={{ licenceGraceDays: 60, complaintDeadlineDays: 7 }}
      graceFrom="2026-11-01"
    />,
  )
}

const grace = () => screen.getByLabelText<HTMLInputElement>(new RegExp(m.licences_field_grace_days()))
const deadline = () => screen.getByLabelText<HTMLInputElement>(new RegExp(m.licences_field_complaint_deadline_days()))
const save = () => fireEvent.click(screen.getByTestId('market-rules-save'))

describe('MarketRulesForm', () => {
  it('shows the market’s rules and where its grace is counted from', () => {
    renderForm()
    expect(grace().value).toBe('60')
    expect(deadline().value).toBe('7')
    expect(screen.getByText(m.licences_grace_hint({ from: '2026-11-01' }))).toBeTruthy()
  })

  it('saves both, says so, and has the market’s queries read again', async () => {
    apiMock.mockResolvedValue({ licenceGraceDays: 90, complaintDeadlineDays: 10 })
    const { invalidated } = renderForm()
    fireEvent.change(grace(), { target: { value: '90' } })
    fireEvent.change(deadline(), { target: { value: '10' } })
    save()
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', m.licences_rules_saved()))
    expect(apiMock).toHaveBeenCalledWith('/licences/markets/:id/rules', '$put', {
      param: { id: MARKET },
      json: { licenceGraceDays: 90, complaintDeadlineDays: 10 },
    })
    expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toContainEqual(['markets'])
  })

  it('refuses days out of range on their fields and sends nothing', async () => {
    renderForm()
    fireEvent.change(grace(), { target: { value: '366' } })
    fireEvent.change(deadline(), { target: { value: '0' } })
    save()
    await waitFor(() => expect(grace().getAttribute('aria-invalid')).toBe('true'))
    expect(deadline().getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText(m.validation_licence_grace_days())).toBeTruthy()
    expect(screen.getByText(m.validation_complaint_deadline_days())).toBeTruthy()
    expect(apiMock).not.toHaveBeenCalled()
  })

  it('says why the server refused, above the button', async () => {
    apiMock.mockRejectedValue(new ApiRequestError(m.error_market_not_found(), ApiCode.NOT_FOUND))
    renderForm()
    save()
    expect((await screen.findByRole('alert')).textContent).toBe(m.error_market_not_found())
  })
})
