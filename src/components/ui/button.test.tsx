import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Button } from './button'

afterEach(cleanup)

describe('Button while busy', () => {
  it('keeps focus and says it is disabled, and ignores clicks', () => {
    const onClick = vi.fn()
    const view = render(<Button onClick={onClick}>Unbind</Button>)
    const button = screen.getByRole('button', { name: 'Unbind' })
    button.focus()
    view.rerender(
      <Button onClick={onClick} loading>
        Unbind
      </Button>,
    )
    expect(document.activeElement).toBe(button)
    expect(button.hasAttribute('disabled')).toBe(false)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.getAttribute('aria-busy')).toBe('true')
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
    view.rerender(<Button onClick={onClick}>Unbind</Button>)
    fireEvent.click(button)
    expect(onClick).toHaveBeenCalledOnce()
  })

  it("is disabled outright as a form's submit button, so Enter in a field cannot send the form twice", () => {
    render(
      <Button type="submit" loading>
        Save
      </Button>,
    )
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true)
  })
})
