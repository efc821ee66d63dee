import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { reachability } from '@/components/async-state/reachability'
import { ServerErrorPage } from './server-error-page'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  sessionStorage.clear()
})

const missingCode = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/toaster-x.js')

describe('the error boundary page', () => {
  it('says the server is out of reach for code that did not arrive, and loads afresh once it answers', () => {
    let answered = () => {}
    vi.spyOn(reachability, 'wait').mockImplementation((waiter) => {
      answered = waiter
      return () => {}
    })
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    const reset = vi.fn()
    render(<ServerErrorPage error={missingCode} reset={reset} info={undefined} />)
    expect(document.body.textContent).toContain(m.state_unreachable_title())
    expect(document.body.textContent).not.toContain(m.server_error_title())
    act(() => answered())
    expect(reload).toHaveBeenCalledOnce()
    // The same failure again within a minute: no reload loop, the boundary is reset instead.
    fireEvent.click(screen.getByRole('button', { name: m.server_error_retry() }))
    expect(reload).toHaveBeenCalledOnce()
    expect(reset).toHaveBeenCalledOnce()
  })

  it('keeps the 500 page for a fault of the page itself, and waits for nothing', () => {
    const wait = vi.spyOn(reachability, 'wait')
    render(<ServerErrorPage error={new TypeError('x is not a function')} reset={() => {}} info={undefined} />)
    expect(document.body.textContent).toContain(m.server_error_title())
    expect(wait).not.toHaveBeenCalled()
  })
})
