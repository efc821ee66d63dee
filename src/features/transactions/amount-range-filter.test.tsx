import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { rememberTypedValues } from '@/prerender/typed-before-hydration'
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

  describe("amounts typed into the transactions list's frame before the takeover", () => {
    const typeInFrame = (min: string, max: string, focus?: 'amountMin' | 'amountMax') => {
      const frame = document.body.appendChild(document.createElement('div'))
      frame.innerHTML = '<form><input name="amountMin" value=""><input name="amountMax" value=""></form>'
      const [minBox, maxBox] = frame.querySelectorAll('input')
      minBox!.value = min
      maxBox!.value = max
      if (focus) frame.querySelector<HTMLInputElement>(`[name=${focus}]`)!.focus()
      rememberTypedValues(frame)
      frame.remove()
    }
    const boxes = () =>
      [m.transactions_amount_min(), m.transactions_amount_max()].map(
        (name) => screen.getByRole('textbox', { name }) as HTMLInputElement,
      )

    it('are applied as leaving the boxes would, once both were left', () => {
      typeInFrame('10', '2.5')
      const onChange = vi.fn()
      render(<AmountRangeFilter min={undefined} max={undefined} onChange={onChange} />)
      expect(onChange).toHaveBeenCalledExactlyOnceWith({ amountMin: 250, amountMax: 1000 })
    })

    it('stay in the boxes, unsent, while one still has the focus', () => {
      typeInFrame('10', '12', 'amountMax')
      const onChange = vi.fn()
      render(<AmountRangeFilter min={undefined} max={undefined} onChange={onChange} />)
      expect(onChange).not.toHaveBeenCalled()
      const [min, max] = boxes()
      expect([min!.value, max!.value]).toEqual(['10', '12'])
      expect(document.activeElement).toBe(max)
      fireEvent.blur(max!)
      expect(onChange).toHaveBeenCalledExactlyOnceWith({ amountMin: 1000, amountMax: 1200 })
    })

    it('are said to be wrong when they are not amounts, and not sent', () => {
      typeInFrame('1e3', '')
      const onChange = vi.fn()
      render(<AmountRangeFilter min={undefined} max={undefined} onChange={onChange} />)
      expect(onChange).not.toHaveBeenCalled()
      expect(screen.getByRole('alert').textContent).toBe(m.transactions_amount_invalid())
    })
  })
})
