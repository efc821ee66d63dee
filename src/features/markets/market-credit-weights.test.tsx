import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { ApiCode } from '@contract/api'
import { DEFAULT_CREDIT_WEIGHTS, type CreditWeights } from '@contract/credit'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { mockedApi, renderWithQueries } from '@/test-support/queries'
import { showToast } from '@/test-support/toast-mock'
import { MarketCreditWeightsForm } from './market-credit-weights'

vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: vi.fn() }))
vi.mock('@/lib/toast', async () => (await import('@/test-support/toast-mock')).toastModule)
const apiMock = mockedApi()

afterEach(() => {
  cleanup()
  apiMock.mockReset()
  showToast.mockReset()
})

const MARKET = '11111111-1111-4111-8111-111111111111'

function renderForm(weights: CreditWeights = { ...DEFAULT_CREDIT_WEIGHTS, complaint_upheld: 8 }) {
  return renderWithQueries(
    <MarketCreditWeightsForm marketId={MARKET} weights={weights} defaults={DEFAULT_CREDIT_WEIGHTS} />,
  )
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(new RegExp(label))
const upheld = () => field(m.credit_reason_complaint_upheld())
const failedTest = () => field(m.credit_reason_pesticide_failed())
const save = () => fireEvent.click(screen.getByTestId('market-credit-weights-save'))

describe('MarketCreditWeightsForm', () => {
  it('shows each weight in words, saying which are the default', () => {
    renderForm()
    expect(upheld().value).toBe('8')
    expect(failedTest().value).toBe('2')
    expect(screen.getByText(m.credit_weight_market_set({ weight: 3 }))).toBeTruthy()
    // Partly upheld complaints, failed tests and missing licences are 2 by default; expired licences 3.
    expect(screen.getAllByText(m.credit_weight_default({ weight: 2 }))).toHaveLength(3)
    expect(screen.getAllByText(m.credit_weight_default({ weight: 3 }))).toHaveLength(1)
    expect(screen.getByText(m.credit_weights_steps())).toBeTruthy()
    // A weight typed back to its default says so at once.
    fireEvent.change(upheld(), { target: { value: '3' } })
    expect(screen.queryByText(m.credit_weight_market_set({ weight: 3 }))).toBeNull()
    expect(screen.getAllByText(m.credit_weight_default({ weight: 3 }))).toHaveLength(2)
  })

  it('saves every weight, says so, and has the market’s and its merchants’ queries read again', async () => {
    apiMock.mockResolvedValue({})
    const { invalidated } = renderForm()
    fireEvent.change(failedTest(), { target: { value: '0' } })
    save()
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', m.credit_weights_saved()))
    expect(apiMock).toHaveBeenCalledWith('/credit/markets/:id/weights', '$put', {
      param: { id: MARKET },
      json: { ...DEFAULT_CREDIT_WEIGHTS, complaint_upheld: 8, pesticide_failed: 0 },
    })
    const keys = invalidated.mock.calls.map(([filters]) => filters?.queryKey)
    expect(keys).toEqual(expect.arrayContaining([['markets'], ['merchants']]))
  })

  it('refuses a weight over 20, a fraction or none, on its field, and sends nothing', async () => {
    renderForm()
    for (const typed of ['21', '1.5', '']) {
      fireEvent.change(upheld(), { target: { value: typed } })
      fireEvent.blur(upheld())
      save()
      await waitFor(() => expect(upheld().getAttribute('aria-invalid')).toBe('true'))
      expect(screen.getByText(m.validation_credit_weight())).toBeTruthy()
    }
    expect(apiMock).not.toHaveBeenCalled()
  })

  it('puts the defaults back in the form with the reset, to be saved', async () => {
    apiMock.mockResolvedValue({})
    renderForm({ ...DEFAULT_CREDIT_WEIGHTS, complaint_upheld: 8, licence_missing: 0 })
    fireEvent.click(screen.getByTestId('market-credit-weights-reset'))
    expect(upheld().value).toBe('3')
    expect(field(m.credit_reason_licence_missing()).value).toBe('2')
    expect(apiMock).not.toHaveBeenCalled()
    save()
    await waitFor(() =>
      expect(apiMock).toHaveBeenCalledWith('/credit/markets/:id/weights', '$put', {
        param: { id: MARKET },
        json: DEFAULT_CREDIT_WEIGHTS,
      }),
    )
  })

  it('shows the server’s refusal on its field', async () => {
    const refused = new ApiRequestError(m.validation_credit_weight(), ApiCode.INVALID_INPUT, [
      { field: 'licence_expired', message: m.validation_credit_weight() },
    ])
    apiMock.mockRejectedValue(refused)
    renderForm()
    save()
    await waitFor(() => expect(field(m.credit_reason_licence_expired()).getAttribute('aria-invalid')).toBe('true'))
    expect(showToast).toHaveBeenCalledWith('error', m.validation_credit_weight())
  })
})
