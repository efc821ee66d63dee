import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { JumpToTime } from './jump-to-time'

afterEach(cleanup)

const day = () => screen.getByRole('textbox', { name: m.transactions_jump_day() }) as HTMLInputElement
const time = () => screen.getByRole('textbox', { name: m.transactions_jump_time() }) as HTMLInputElement

describe('JumpToTime', () => {
  it('takes a day as YYYY-MM-DD and a 24-hour HH:mm, typed, and jumps on Enter', () => {
    const onJump = vi.fn()
    const { container } = render(<JumpToTime value={undefined} onJump={onJump} />)
    // No native date-time box: it shows the browser's format (mm/dd/yyyy, AM/PM), not the console's.
    expect(container.querySelector('input[type="datetime-local"]')).toBeNull()
    expect(screen.getByRole('group', { name: m.transactions_jump() })).toBeTruthy()
    expect(day().placeholder).toBe(m.date_placeholder())
    expect(time().placeholder).toBe('HH:mm')
    fireEvent.change(day(), { target: { value: '2026-11-20' } })
    fireEvent.change(time(), { target: { value: '21:05' } })
    fireEvent.submit(time())
    expect(onJump).toHaveBeenLastCalledWith('2026-11-20 21:05')
    fireEvent.change(time(), { target: { value: '9:30' } })
    fireEvent.submit(day())
    expect(onJump).toHaveBeenLastCalledWith('2026-11-20 09:30')
  })

  it('jumps to the start of a day given without a time, and shows the time it jumped to', () => {
    const onJump = vi.fn()
    render(<JumpToTime value={undefined} onJump={onJump} />)
    fireEvent.change(day(), { target: { value: '2026-11-20' } })
    fireEvent.click(screen.getByRole('button', { name: m.transactions_jump_go() }))
    expect(onJump).toHaveBeenLastCalledWith('2026-11-20 00:00')
    cleanup()
    render(<JumpToTime value="2026-11-21 13:45" onJump={onJump} />)
    expect(day().value).toBe('2026-11-21')
    expect(time().value).toBe('13:45')
  })

  it('says once what is wrong with a day or time that is not one, and does not jump', () => {
    const onJump = vi.fn()
    render(<JumpToTime value={undefined} onJump={onJump} />)
    fireEvent.change(day(), { target: { value: '2026-11-20' } })
    for (const text of ['24:00', '12:60', '1230', 'ab:cd']) {
      fireEvent.change(time(), { target: { value: text } })
      fireEvent.submit(time())
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([m.transactions_jump_invalid()])
      expect(time().getAttribute('aria-invalid')).toBe('true')
    }
    fireEvent.change(day(), { target: { value: '2026-02-30' } })
    fireEvent.change(time(), { target: { value: '08:00' } })
    fireEvent.submit(time())
    expect(screen.getByRole('alert')).toBeTruthy()
    expect(onJump).not.toHaveBeenCalled()
  })
})
