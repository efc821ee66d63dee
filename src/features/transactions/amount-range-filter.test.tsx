import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { AmountRangeFilter, fenFromYuan } from './amount-range-filter'

afterEach(cleanup)

describe('fenFromYuan', () => {
  it('reads yuan as typed into whole fen, exactly', () => {
    expect(fenFromYuan('12')).toBe(1200)
    expect(fenFromYuan('12.5')).toBe(1250)
    expect(fenFromYuan(' 0.07 ')).toBe(7)
    expect(fenFromYuan('19.99')).toBe(1999)
  })

  it('refuses what is not an amount', () => {
    for (const text of ['', '-1', '1.234', '1e3', 'abc', '1,000', '99999999999.00'])
      expect(fenFromYuan(text)).toBeNull()
  })
})

describe('AmountRangeFilter', () => {
  it('sends fen when a box is left, and swaps a maximum below the minimum', () => {
    const onChange = vi.fn()
    render(<AmountRangeFilter min={undefined} max={undefined} onChange={onChange} />)
    const min = screen.getByRole('textbox', { name: m.transactions_amount_min() })
    const max = screen.getByRole('textbox', { name: m.transactions_amount_max() })
    fireEvent.change(min, { target: { value: '50' } })
    fireEvent.change(max, { target: { value: '10.5' } })
    fireEvent.blur(max)
    expect(onChange).toHaveBeenLastCalledWith({ amountMin: 1050, amountMax: 5000 })
  })

  it('says so when the text is not an amount, and sends nothing', () => {
    const onChange = vi.fn()
    render(<AmountRangeFilter min={100} max={undefined} onChange={onChange} />)
    const min = screen.getByRole('textbox', { name: m.transactions_amount_min() })
    expect((min as HTMLInputElement).value).toBe('1.00')
    fireEvent.change(min, { target: { value: 'ten' } })
    fireEvent.blur(min)
    expect(screen.getByRole('alert').textContent).toContain('12.50')
    expect(onChange).not.toHaveBeenCalled()
  })
})
