import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { DateField } from './date-field'

afterEach(cleanup)

describe('DateField', () => {
  it('shows and takes the day as YYYY-MM-DD text, whatever the browser formats dates as', () => {
    const onChange = vi.fn()
    render(<DateField name="day" label="Registration date" value="2026-11-23" onChange={onChange} />)
    const input = screen.getByLabelText('Registration date') as HTMLInputElement
    expect(input.type).toBe('text')
    expect(input.value).toBe('2026-11-23')
    expect(input.placeholder).toBe(m.date_placeholder())
    fireEvent.change(input, { target: { value: ' 2026-02-30 ' } })
    // Passed on as typed (trimmed): the schema, not the field, says the day does not exist.
    expect(onChange).toHaveBeenLastCalledWith('2026-02-30')
  })

  it("writes the calendar's choice back as YYYY-MM-DD", () => {
    const onChange = vi.fn()
    const { container } = render(<DateField name="day" label="Registration date" value="" onChange={onChange} />)
    const picker = container.querySelector('input[type="date"]') as HTMLInputElement
    expect(picker.getAttribute('aria-hidden')).toBe('true')
    expect(picker.tabIndex).toBe(-1)
    fireEvent.change(picker, { target: { value: '2025-01-31' } })
    expect(onChange).toHaveBeenLastCalledWith('2025-01-31')
    expect(screen.getByRole('button', { name: m.date_open_calendar() })).toBeTruthy()
  })
})
