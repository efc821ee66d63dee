import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { rememberTypedValues } from '@/prerender/typed-before-hydration'
import { DateRangeFilter } from './date-range-filter'

afterEach(cleanup)

const from = () => screen.getByLabelText(m.table_date_from()) as HTMLInputElement
const to = () => screen.getByLabelText(m.table_date_to()) as HTMLInputElement

describe('DateRangeFilter', () => {
  it('sends a day only once it is a real day, and opens an end that is emptied', () => {
    const onChange = vi.fn()
    render(<DateRangeFilter label="Time" from={undefined} to="2026-11-30" onChange={onChange} />)
    expect(screen.getByRole('group', { name: 'Time' })).toBeTruthy()
    fireEvent.change(from(), { target: { value: '2026-11' } })
    fireEvent.change(from(), { target: { value: '2026-11-3' } })
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.change(from(), { target: { value: '2026-11-31' } })
    expect(onChange).not.toHaveBeenCalled()
    expect(from().getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toBe(m.table_date_invalid())
    fireEvent.change(from(), { target: { value: '2026-11-01' } })
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-11-30' })
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.change(to(), { target: { value: '' } })
    expect(onChange).toHaveBeenLastCalledWith({ from: undefined, to: undefined })
  })

  it('flags unfinished text when the box is left, and swaps a start after the end', () => {
    const onChange = vi.fn()
    render(<DateRangeFilter label="Time" from={undefined} to="2026-11-10" onChange={onChange} />)
    fireEvent.change(from(), { target: { value: '2026-1' } })
    expect(from().getAttribute('aria-invalid')).toBeNull()
    fireEvent.blur(from())
    expect(from().getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(from(), { target: { value: '2026-11-20' } })
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-10', to: '2026-11-20' })
  })

  it('keeps a range longer than maxDays out of the URL and says so once, beside the days', () => {
    const onChange = vi.fn()
    render(<DateRangeFilter label="Time" from="2026-11-01" to="2026-11-28" maxDays={31} onChange={onChange} />)
    fireEvent.change(from(), { target: { value: '2026-09-30' } })
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      m.table_date_too_long({ days: 31 }),
    ])
    expect(from().getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(from(), { target: { value: '2026-10-29' } })
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-10-29', to: '2026-11-28' })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("says a URL's range that is out of order or too long", () => {
    const { rerender } = render(
      <DateRangeFilter label="Time" from="2026-11-20" to="2026-11-10" maxDays={31} onChange={vi.fn()} />,
    )
    expect(screen.getByRole('alert').textContent).toBe(m.validation_date_order())
    rerender(<DateRangeFilter label="Time" from="2026-01-01" to="2026-11-10" maxDays={31} onChange={vi.fn()} />)
    expect(screen.getByRole('alert').textContent).toBe(m.table_date_too_long({ days: 31 }))
  })

  it('follows the URL when it changes underneath', () => {
    const onChange = vi.fn()
    const { rerender } = render(<DateRangeFilter label="Time" from="2026-11-01" to={undefined} onChange={onChange} />)
    fireEvent.change(to(), { target: { value: '2026-1' } })
    rerender(<DateRangeFilter label="Time" from="2026-10-01" to="2026-10-31" onChange={onChange} />)
    expect(from().value).toBe('2026-10-01')
    expect(to().value).toBe('2026-10-31')
    expect(onChange).not.toHaveBeenCalled()
  })

  it("takes the days typed into the list's frame before the takeover: a complete one applied, unfinished text kept", () => {
    const frame = document.body.appendChild(document.createElement('div'))
    frame.innerHTML = '<input name="from" value=""><input name="to" value="">'
    const [start, end] = frame.querySelectorAll('input')
    start!.value = '2026-11-02'
    end!.value = '2026-11-1'
    end!.focus()
    rememberTypedValues(frame)
    frame.remove()

    const onChange = vi.fn()
    render(<DateRangeFilter label="Time" from={undefined} to={undefined} onChange={onChange} />)
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ from: '2026-11-02', to: undefined })
    expect(from().name).toBe('from')
    expect(to().value).toBe('2026-11-1')
    expect(document.activeElement).toBe(to())
  })
})
