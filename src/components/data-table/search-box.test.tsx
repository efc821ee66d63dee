import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { rememberTypedValues } from '@/prerender/typed-before-hydration'
import { SearchBox } from './search-box'

afterEach(cleanup)

describe('SearchBox', () => {
  it("searches for what was typed into the list's frame before the takeover, focused, once", () => {
    // The prerendered frame's box, typed into (and still focused) before the page's code arrived.
    const frame = document.body.appendChild(document.createElement('div'))
    frame.innerHTML = '<input name="q" type="search" value="">'
    const typed = frame.querySelector('input')!
    typed.value = '王秀英'
    typed.focus()
    rememberTypedValues(frame)
    frame.remove()

    const onChange = vi.fn()
    const { unmount } = render(<SearchBox label="Search" value="" onChange={onChange} />)
    expect(onChange).toHaveBeenCalledExactlyOnceWith('王秀英')
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search' }))
    unmount()

    // A later mount starts from the address alone.
    const later = vi.fn()
    render(<SearchBox label="Search" value="" onChange={later} />)
    expect(later).not.toHaveBeenCalled()
  })

  it('leaves the focus where the visitor had moved it in the frame', () => {
    const frame = document.createElement('div')
    frame.innerHTML = '<input name="q" type="search" value="">'
    frame.querySelector('input')!.value = '0314888'
    rememberTypedValues(frame)

    const onChange = vi.fn()
    render(<SearchBox label="Search" value="" onChange={onChange} />)
    expect(onChange).toHaveBeenCalledExactlyOnceWith('0314888')
    expect(document.activeElement).toBe(document.body)
  })

  it('says text with control characters cannot be searched, tied to the box; clean text says nothing', () => {
    const { rerender } = render(<SearchBox label="Search" value={'no-such-event\u0000'} onChange={() => {}} />)
    const box = screen.getByRole('searchbox', { name: 'Search' })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe(m.search_text_refused())
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(box.getAttribute('aria-describedby')).toBe(alert.id)

    for (const text of ['a\u001b[31m', 'a\ud800', 'tab\there']) {
      rerender(<SearchBox label="Search" value={text} onChange={() => {}} />)
      expect(screen.getByRole('alert').textContent).toBe(m.search_text_refused())
    }

    rerender(<SearchBox label="Search" value="王秀英 0314888" onChange={() => {}} />)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(box.hasAttribute('aria-invalid')).toBe(false)
    expect(box.hasAttribute('aria-describedby')).toBe(false)
  })
})
