import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { rememberTypedValues } from '@/prerender/typed-before-hydration'
import { SearchBox } from './search-box'

afterEach(cleanup)

describe('SearchBox', () => {
  it("searches for what was typed into the list's frame before the takeover, focused, once", () => {
    // The prerendered frame's box, typed into before the page's code arrived.
    const frame = document.createElement('div')
    frame.innerHTML = '<input name="q" type="search" value="">'
    frame.querySelector('input')!.value = '王秀英'
    rememberTypedValues(frame)

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
})
