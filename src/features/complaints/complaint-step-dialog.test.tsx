import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createRef } from 'react'
import { ApiCode } from '@contract/api'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { ComplaintStepDialog } from './complaint-step-dialog'

afterEach(cleanup)

function renderResolve(takeStep: (input: unknown) => Promise<unknown>) {
  const onMovedOn = vi.fn()
  const onClose = vi.fn()
  render(
    <ComplaintStepDialog
      step="resolve"
      no={12}
      onClose={onClose}
      takeStep={takeStep}
      onMovedOn={onMovedOn}
      button={createRef()}
    />,
  )
  return { onMovedOn, onClose }
}

const outcome = () => screen.getByLabelText(new RegExp(m.complaints_field_outcome()))
const refund = () => screen.getByRole<HTMLInputElement>('checkbox', { name: m.complaints_remedy_refund() })

describe('ComplaintStepDialog resolving', () => {
  it('turns the remedies off, and clears them, for a complaint not upheld', () => {
    renderResolve(async () => {})
    fireEvent.change(outcome(), { target: { value: 'upheld' } })
    fireEvent.click(refund())
    expect(refund().checked).toBe(true)
    fireEvent.change(outcome(), { target: { value: 'not_upheld' } })
    expect(refund().disabled).toBe(true)
    expect(refund().checked).toBe(false)
  })

  it('sends the outcome, the remedies and the note, then closes', async () => {
    const takeStep = vi.fn(async () => {})
    const { onClose } = renderResolve(takeStep)
    fireEvent.change(outcome(), { target: { value: 'upheld' } })
    fireEvent.click(refund())
    fireEvent.change(screen.getByLabelText(m.complaints_field_note()), { target: { value: 'Refunded 6 yuan' } })
    fireEvent.click(screen.getByTestId('complaint-step-submit'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(takeStep).toHaveBeenCalledWith({ outcome: 'upheld', remedies: ['refund'], note: 'Refunded 6 yuan' })
  })

  it('says a complaint moved on meanwhile (40900) in the dialog and has the page read again', async () => {
    const moved = new ApiRequestError(m.error_complaint_state(), ApiCode.CONFLICT)
    const { onMovedOn, onClose } = renderResolve(() => Promise.reject(moved))
    fireEvent.change(outcome(), { target: { value: 'partly_upheld' } })
    fireEvent.click(screen.getByTestId('complaint-step-submit'))
    await waitFor(() => expect(onMovedOn).toHaveBeenCalledTimes(1))
    expect((await screen.findAllByText(m.error_complaint_state())).length).toBeGreaterThan(0)
    expect(onClose).not.toHaveBeenCalled()
  })
})
