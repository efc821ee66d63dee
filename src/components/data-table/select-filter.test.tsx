import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { rememberTypedValues } from '@/prerender/typed-before-hydration'
import { SelectFilter } from './select-filter'

afterEach(cleanup)

const options = [
  { value: 'active', label: 'Active' },
  { value: 'left', label: 'Left' },
] as const

const filter = (onChange: (value: 'active' | 'left' | undefined) => void, value?: 'active' | 'left') => (
  <SelectFilter
    name="status"
    label="Status"
    allLabel="All statuses"
    value={value}
    options={options}
    onChange={onChange}
  />
)

/** The list's prerendered frame: its status filter, chosen (and focused) before the page's code arrived. */
function chooseInFrame(markup: string, choose: (frame: HTMLElement) => void) {
  const frame = document.body.appendChild(document.createElement('div'))
  frame.innerHTML = markup
  choose(frame)
  rememberTypedValues(frame)
  frame.remove()
}
const frameSelect =
  '<select name="status"><option value="">All statuses</option><option value="active">Active</option><option value="left">Left</option></select>'

describe('SelectFilter', () => {
  it('names its field after the address parameter and sends the chosen value, or undefined for all', () => {
    const onChange = vi.fn()
    render(filter(onChange, 'active'))
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement
    expect(select.name).toBe('status')
    fireEvent.change(select, { target: { value: 'left' } })
    expect(onChange).toHaveBeenLastCalledWith('left')
    fireEvent.change(select, { target: { value: '' } })
    expect(onChange).toHaveBeenLastCalledWith(undefined)
  })

  it("applies a value chosen in the list's frame before the takeover, once, with the focus back", () => {
    chooseInFrame(frameSelect, (frame) => {
      const select = frame.querySelector('select')!
      select.value = 'left'
      select.focus()
    })
    const onChange = vi.fn()
    const { unmount } = render(filter(onChange))
    expect(onChange).toHaveBeenCalledExactlyOnceWith('left')
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Status' }))
    unmount()

    const later = vi.fn()
    render(filter(later))
    expect(later).not.toHaveBeenCalled()
  })

  it('ignores a frame left as drawn, a value it does not offer, and one the address already has', () => {
    chooseInFrame(frameSelect, () => {})
    const untouched = vi.fn()
    render(filter(untouched))
    expect(untouched).not.toHaveBeenCalled()
    cleanup()

    // A forged option (the frame's DOM edited) is not a filter the list has.
    chooseInFrame(frameSelect.replace('value="left"', 'value="deleted"'), (frame) => {
      frame.querySelector('select')!.value = 'deleted'
    })
    const forged = vi.fn()
    render(filter(forged))
    expect(forged).not.toHaveBeenCalled()
    cleanup()

    chooseInFrame(frameSelect, (frame) => {
      frame.querySelector('select')!.value = 'active'
    })
    const same = vi.fn()
    render(filter(same, 'active'))
    expect(same).not.toHaveBeenCalled()
  })
})
