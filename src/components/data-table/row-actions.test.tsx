import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { ActionButtons, RowActions } from './row-actions'

// Radix's popper measures its anchor; jsdom has no ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
})
afterEach(cleanup)

const menuButton = () => screen.getByRole('button', { name: 'More actions for 王记' })

function renderActions(run = vi.fn(async () => {})) {
  render(
    <RowActions
      menuLabel="More actions for 王记"
      actions={[{ id: 'leave', label: 'Mark as left', confirm: { description: 'Sure?' }, run }]}
    />,
  )
  return run
}

describe('RowActions', () => {
  it('draws no menu until it is used (a 100-row page would draw a hundred)', () => {
    renderActions()
    expect(menuButton().getAttribute('aria-haspopup')).toBe('menu')
    expect(document.querySelector('[data-slot="dropdown-menu-content"]')).toBeNull()
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('opens on a press, confirms, runs the action and gives focus back to the menu button', async () => {
    const run = renderActions()
    fireEvent.pointerDown(menuButton(), { button: 0, ctrlKey: false })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark as left' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('Sure?')
    fireEvent.click(screen.getByRole('button', { name: 'Mark as left' }))
    await waitFor(() => expect(run).toHaveBeenCalledOnce())
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(menuButton()))
  })

  it('opens from the keyboard', async () => {
    renderActions()
    menuButton().focus()
    fireEvent.keyDown(menuButton(), { key: 'Enter' })
    expect(await screen.findByRole('menuitem', { name: 'Mark as left' })).toBeTruthy()
  })
})

describe("ActionButtons (a record page's actions)", () => {
  it('shows each action as a button; one asks first, runs, and gives focus back to its button; one runs at once', async () => {
    const unbind = vi.fn(async () => {})
    const refresh = vi.fn(async () => {})
    render(
      <ActionButtons
        actions={[
          { id: 'refresh', label: 'Refresh', run: refresh },
          { id: 'unbind', label: 'Unbind', danger: true, confirm: { description: 'Unbind POS-1?' }, run: unbind },
        ]}
      />,
    )
    expect(screen.queryByRole('menu')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(refresh).toHaveBeenCalledOnce())
    expect(screen.queryByRole('alertdialog')).toBeNull()

    const button = screen.getByRole('button', { name: 'Unbind' })
    button.focus()
    fireEvent.click(button)
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('Unbind POS-1?')
    expect(unbind).not.toHaveBeenCalled()
    fireEvent.click(screen.getAllByRole('button', { name: 'Unbind' }).at(-1)!)
    await waitFor(() => expect(unbind).toHaveBeenCalledOnce())
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(button))
  })
})
