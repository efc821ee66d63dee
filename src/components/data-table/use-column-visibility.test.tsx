import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useColumnVisibility } from './use-column-visibility'

describe('useColumnVisibility', () => {
  it('starts from what this browser kept for the list, booleans only', () => {
    localStorage.setItem('columns:kept', JSON.stringify({ phone: false, stall: 'no', creditCode: true }))
    const { result } = renderHook(() => useColumnVisibility('kept'))
    expect(result.current.visibility).toEqual({ phone: false, creditCode: true })
  })

  it('shows every column when what was kept is unreadable', () => {
    localStorage.setItem('columns:broken', '["phone"')
    const { result } = renderHook(() => useColumnVisibility('broken'))
    expect(result.current.visibility).toEqual({})
  })

  it('keeps a choice for its list only, and the next page drawn finds it', () => {
    const { result } = renderHook(() => useColumnVisibility('markets-test'))
    act(() => result.current.setVisible('phone', false))
    expect(result.current.visibility).toEqual({ phone: false })
    expect(JSON.parse(localStorage.getItem('columns:markets-test')!)).toEqual({ phone: false })
    expect(renderHook(() => useColumnVisibility('markets-test')).result.current.visibility).toEqual({ phone: false })
    expect(renderHook(() => useColumnVisibility('devices-test')).result.current.visibility).toEqual({})
  })
})
