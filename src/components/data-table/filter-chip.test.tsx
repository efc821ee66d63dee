import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { FilterChip } from './filter-chip'

afterEach(cleanup)

describe('FilterChip', () => {
  it('says what the filter holds and removes it by a named button', () => {
    const onRemove = vi.fn()
    render(<FilterChip label="Account: 0314888" removeLabel="Remove filter Account: 0314888" onRemove={onRemove} />)
    expect(screen.getByText('Account: 0314888')).toBeTruthy()
    const remove = screen.getByRole('button', { name: 'Remove filter Account: 0314888' })
    remove.focus()
    fireEvent.click(remove)
    expect(onRemove).toHaveBeenCalledTimes(1)
  })
})
