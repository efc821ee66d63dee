import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { switchLocale } from '@/lib/locale'
import { ComplaintHistory } from './complaint-history'

afterEach(() => {
  cleanup()
  switchLocale('en-US')
})

const steps = [
  { state: 'received' as const, time: '2026-11-27 09:00:00', actor: { uk: 'u1', username: '0314888' }, note: '' },
  {
    state: 'handling' as const,
    time: '2026-11-27 09:30:00',
    actor: { uk: 'u1', username: '0314888' },
    note: 'Called the stall',
  },
  { state: 'resolved' as const, time: '2026-11-27 10:00:00', actor: null, note: 'Refunded' },
]

describe('ComplaintHistory', () => {
  it('lists each step, oldest first, with what it did, when, who and the note', () => {
    render(<ComplaintHistory steps={steps} />)
    const items = screen.getAllByRole('listitem')
    expect(items.map((item) => item.getAttribute('data-state'))).toEqual(['received', 'handling', 'resolved'])
    expect(items[0]?.textContent).toBe(`${m.complaints_step_received()}2026-11-27 09:00:000314888`)
    expect(items[1]?.textContent).toContain('Called the stall')
    // A step nobody took (a job) names the system.
    expect(items[2]?.textContent).toContain(m.complaints_step_system())
  })

  it("follows the page's language", () => {
    switchLocale('zh-CN')
    render(<ComplaintHistory steps={steps.slice(0, 1)} />)
    expect(screen.getByRole('listitem').textContent).toMatch(/^登记/)
  })
})
