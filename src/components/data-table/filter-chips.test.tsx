import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { FilterChips } from './filter-chips'

afterEach(cleanup)

describe('FilterChips', () => {
  it('shows a chip for each filter set, named for removal, and removes it by its key', () => {
    const onRemove = vi.fn()
    const merchant: string | undefined = 'Fresh Greens'
    const device: string | undefined = undefined
    render(
      <FilterChips
        chips={[
          merchant && { key: 'merchant', label: `Merchant: ${merchant}` },
          device && { key: 'device', label: `Device: ${device}` },
          { key: 'stall', label: 'Stall: A-12' },
        ]}
        removeLabel={({ filter }) => `Remove filter ${filter}`}
        onRemove={onRemove}
      />,
    )
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove filter Merchant: Fresh Greens',
      'Remove filter Stall: A-12',
    ])
    expect(screen.queryByText(/Device/)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Stall: A-12' }))
    expect(onRemove).toHaveBeenCalledWith('stall')
  })

  it('shows nothing when no filter is set', () => {
    const { container } = render(
      <FilterChips chips={[undefined, '', false]} removeLabel={({ filter }) => filter} onRemove={() => {}} />,
    )
    expect(container.innerHTML).toBe('')
  })
})
