import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState, type ComponentProps, type ReactElement } from 'react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useOpenerOnUse } from './opener-on-use'

afterEach(cleanup)

/** A stand-in for a Radix menu: opens on a pointerdown or an opening key on its trigger, as Radix's does. */
function FakeMenu({ trigger }: { trigger: ReactElement<ComponentProps<'button'>> }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <span onPointerDown={(event) => (event.preventDefault(), setOpen(true))}>
        <span
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === 'ArrowDown') {
              event.preventDefault()
              setOpen(true)
            }
          }}
        >
          {trigger}
        </span>
      </span>
      {open && <p role="menu">open</p>}
    </>
  )
}

/** A plain button that opens its popover on click, as Radix's popover trigger does. */
function FakePopover({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <span onClick={() => setOpen(true)}>{trigger}</span>
      {open && <p role="dialog">open</p>}
    </>
  )
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

function opener<Module extends Record<string, unknown>>(name: string, popup: 'menu' | 'dialog') {
  const arrival = deferred<Module>()
  const load = vi.fn(() => arrival.promise)
  function Opener() {
    const { loaded, standIn, triggerRef } = useOpenerOnUse(load, popup)
    const button = (props: ComponentProps<'button'>) => (
      <button type="button" data-testid="opener" {...props}>
        {name}
      </button>
    )
    if (!loaded) return button(standIn)
    const Real = Object.values(loaded)[0] as (props: { trigger: ReactElement }) => ReactElement
    return <Real trigger={button({ ref: triggerRef, 'aria-label': 'real' } as ComponentProps<'button'>)} />
  }
  return { Opener, load, arrive: (module: Module) => act(async () => arrival.resolve(module)) }
}

describe('a control whose code loads on first use', () => {
  it('draws a stand-in with the popup semantics and loads nothing until pointed at or focused', () => {
    const { Opener, load } = opener('Menu', 'menu')
    render(<Opener />)
    const button = screen.getByTestId('opener')
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(load).not.toHaveBeenCalled()
    fireEvent.pointerEnter(button)
    expect(load).toHaveBeenCalledOnce()
  })

  it('moves focus to the real trigger and does again the key pressed before it arrived', async () => {
    const { Opener, arrive } = opener('Menu', 'menu')
    render(<Opener />)
    const standIn = screen.getByTestId('opener')
    act(() => standIn.focus())
    fireEvent.keyDown(standIn, { key: 'Enter' })
    expect(screen.queryByRole('menu')).toBeNull()
    await arrive({ FakeMenu })
    const real = screen.getByTestId('opener')
    expect(real.getAttribute('aria-label')).toBe('real')
    expect(document.activeElement).toBe(real)
    expect(screen.getByRole('menu')).toBeTruthy()
  })

  it('opens a menu pressed before it arrived (a pointerdown), and a popover (a click)', async () => {
    const menu = opener('Menu', 'menu')
    render(<menu.Opener />)
    fireEvent.click(screen.getByTestId('opener'))
    await menu.arrive({ FakeMenu })
    expect(screen.getByRole('menu')).toBeTruthy()
    cleanup()

    const popover = opener('Popover', 'dialog')
    render(<popover.Opener />)
    fireEvent.click(screen.getByTestId('opener'))
    await popover.arrive({ FakePopover })
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('only warms up when pointed at or focused: nothing opens on arrival', async () => {
    const { Opener, arrive } = opener('Menu', 'menu')
    render(<Opener />)
    fireEvent.focus(screen.getByTestId('opener'))
    await arrive({ FakeMenu })
    expect(screen.getByTestId('opener').getAttribute('aria-label')).toBe('real')
    expect(screen.queryByRole('menu')).toBeNull()
  })
})
