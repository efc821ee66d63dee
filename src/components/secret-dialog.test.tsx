import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { SecretDialog } from './secret-dialog'

function withClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
}

afterEach(cleanup)

describe('SecretDialog', () => {
  it('shows the secret once, copies it and says it did', async () => {
    const writeText = vi.fn(async (_text: string) => {})
    withClipboard(writeText)
    const onClose = vi.fn()
    render(
      <SecretDialog
        secret="Kq7mWx2p"
        onClose={onClose}
        title="New password"
        description="Shown only this once"
        testId="new-password"
      />,
    )
    expect(screen.getByRole('dialog', { name: 'New password' })).toBeTruthy()
    expect(screen.getByTestId('new-password').textContent).toBe('Kq7mWx2p')
    fireEvent.click(screen.getByRole('button', { name: m.secret_copy() }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(m.secret_copied()))
    expect(writeText).toHaveBeenCalledWith('Kq7mWx2p')
    expect(screen.getByRole('button', { name: m.secret_copied_button() })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: m.secret_done() }))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('says what to do when the browser refuses to copy', async () => {
    withClipboard(() => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')))
    render(
      <SecretDialog secret="Kq7mWx2p" onClose={() => {}} title="New password" description="Shown only this once" />,
    )
    fireEvent.click(screen.getByRole('button', { name: m.secret_copy() }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(m.secret_copy_failed()))
  })

  it('stays closed without a secret', () => {
    render(<SecretDialog secret={null} onClose={() => {}} title="New password" description="Shown only this once" />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
