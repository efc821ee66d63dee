import { afterEach, describe, expect, it, vi } from 'vitest'
import { useRef, useState } from 'react'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { lazyComponent, OnFirstUse, useLoadedOnUse } from './on-first-use'
import { SecretDialogOnUse } from './secret-dialog-on-use'

afterEach(cleanup)

describe('loading on first use', () => {
  it('loads a component only when it is first used, and keeps it drawn afterwards', async () => {
    const load = vi.fn(async () => ({ used }: { used: boolean }) => <p>drawn {used ? 'open' : 'closed'}</p>)
    const Lazy = lazyComponent(load)
    function Page() {
      const [used, setUsed] = useState(false)
      return (
        <>
          <button onClick={() => setUsed((value) => !value)}>toggle</button>
          <OnFirstUse used={used}>
            <Lazy used={used} />
          </OnFirstUse>
        </>
      )
    }
    render(<Page />)
    expect(load).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }))
    expect(await screen.findByText('drawn open')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }))
    expect(screen.getByText('drawn closed')).toBeTruthy()
    expect(load).toHaveBeenCalledOnce()
  })

  it('answers a module once wanted and arrived, nothing before', async () => {
    let arrive: (module: { word: string }) => void = () => {}
    const load = vi.fn(() => new Promise<{ word: string }>((resolve) => (arrive = resolve)))
    function Probe({ wanted }: { wanted: boolean }) {
      return <p>{useLoadedOnUse(load, wanted)?.word ?? 'not yet'}</p>
    }
    const { rerender } = render(<Probe wanted={false} />)
    expect(load).not.toHaveBeenCalled()
    rerender(<Probe wanted />)
    expect(screen.getByText('not yet')).toBeTruthy()
    await act(async () => arrive({ word: 'here' }))
    expect(screen.getByText('here')).toBeTruthy()
  })

  it(
    'opens a secret dialog loaded on first use, moves focus into it and gives it back on close',
    { timeout: 20_000 },
    async () => {
      function Row() {
        const [secret, setSecret] = useState<string | null>(null)
        const button = useRef<HTMLButtonElement>(null)
        return (
          <>
            <button ref={button} onClick={() => setSecret('s3cret')}>
              reset
            </button>
            <SecretDialogOnUse
              secret={secret}
              onClose={() => setSecret(null)}
              title="New password"
              description="Shown once"
              testId="secret"
              returnFocusTo={button}
            />
          </>
        )
      }
      render(<Row />)
      expect(screen.queryByRole('dialog')).toBeNull()
      const reset = screen.getByRole('button', { name: 'reset' })
      reset.focus()
      fireEvent.click(reset)
      // The first import of the dialog's module is transformed on the spot in tests: give it time.
      const dialog = await screen.findByRole('dialog', { name: 'New password' }, { timeout: 10_000 })
      expect(screen.getByTestId('secret').textContent).toContain('s3cret')
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
      fireEvent.click(screen.getByRole('button', { name: m.secret_done() }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      await waitFor(() => expect(document.activeElement).toBe(reset))
    },
  )
})
