import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import type { ColumnDef } from '@tanstack/react-table'
import { m } from '@/paraglide/messages'
import { switchLocale } from '@/lib/locale'
import { useColumns } from './use-columns'

type Row = { id: string }

/** Headers are messages: read as the columns are built. */
const build = vi.fn((): ColumnDef<Row, unknown>[] => [{ id: 'index', header: m.list_index() }])

function Headers() {
  const columns = useColumns(build)
  return <p>{columns.map((column) => String(column.header)).join(',')}</p>
}

afterEach(() => {
  cleanup()
  act(() => switchLocale('en-US'))
  build.mockClear()
})

describe('useColumns', () => {
  it('builds the columns again in the new language, and only then', () => {
    act(() => switchLocale('en-US'))
    const view = render(<Headers />)
    expect(screen.getByText('No.')).toBeTruthy()
    view.rerender(<Headers />)
    expect(build).toHaveBeenCalledTimes(1)
    act(() => switchLocale('zh-CN'))
    expect(screen.getByText('序号')).toBeTruthy()
    expect(build).toHaveBeenCalledTimes(2)
  })
})
