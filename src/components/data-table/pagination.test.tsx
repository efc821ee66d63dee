import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Pagination } from './pagination'
import { tableLabels } from './use-table-labels'

afterEach(cleanup)

function renderPagination(total: number | undefined, locale: 'en-US' | 'zh-CN' = 'en-US', totalCapped = false) {
  const onChange = vi.fn()
  render(
    <Pagination
      page={2}
      pageSize={20}
      total={total}
      totalCapped={totalCapped}
      pageSizes={[10, 20]}
      onChange={onChange}
      labels={tableLabels(locale)}
    />,
  )
  return onChange
}

const box = () => screen.getByRole('textbox', { name: 'Go to page' })
const go = (text: string) => {
  fireEvent.change(box(), { target: { value: text } })
  fireEvent.click(screen.getByRole('button', { name: 'Go' }))
}

describe('Pagination while the count is not known', () => {
  it('shows placeholders, not "0 in all, page 1 of 1", and cannot go to a page', () => {
    renderPagination(undefined)
    const nav = screen.getByRole('navigation', { name: 'Pagination' })
    expect(nav.textContent).not.toMatch(/in all|of 1/)
    expect(screen.getByTestId('pagination-pending')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('textbox', { name: 'Go to page' })).toBeNull()
  })

  it('shows the count once known', () => {
    renderPagination(0)
    expect(screen.getByText('0 in all')).toBeTruthy()
    expect(screen.getByText('Page 2 of 1')).toBeTruthy()
  })
})

describe('Pagination of a count that stopped at its cap', () => {
  it('says plainly that more match, and pages up to the cap', () => {
    const onChange = renderPagination(10_000, 'en-US', true)
    expect(screen.getByText('10,000+ in all; narrow the filters to see the rest')).toBeTruthy()
    expect(screen.getByText('Page 2 of 500')).toBeTruthy()
    go('500')
    expect(onChange).toHaveBeenLastCalledWith(500, 20)
  })

  it('says it in Chinese too', () => {
    renderPagination(10_000, 'zh-CN', true)
    expect(screen.getByText('10,000+ 条，缩小筛选范围可查看其余记录')).toBeTruthy()
  })
})

describe('Pagination going to a page', () => {
  it('goes to the page typed (Enter or the button), keeping the page size', () => {
    const onChange = renderPagination(95)
    go('4')
    expect(onChange).toHaveBeenLastCalledWith(4, 20)
    fireEvent.change(box(), { target: { value: ' 3 ' } })
    fireEvent.submit(box().closest('form')!)
    expect(onChange).toHaveBeenLastCalledWith(3, 20)
  })

  it('holds a number past either end to the first or last page', () => {
    const onChange = renderPagination(95)
    go('99')
    expect(onChange).toHaveBeenLastCalledWith(5, 20)
    go('0')
    expect(onChange).toHaveBeenLastCalledWith(1, 20)
  })

  it('refuses what is not a whole number, saying why, until the text changes', () => {
    const onChange = renderPagination(95)
    for (const text of ['abc', '2.5', '-1', '']) {
      go(text)
      expect(screen.getByRole('alert').textContent).toBe('Enter a whole page number from 1 to 5')
      expect(box().getAttribute('aria-invalid')).toBe('true')
    }
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.change(box(), { target: { value: '2' } })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('speaks the language of the page', () => {
    renderPagination(95, 'zh-CN')
    fireEvent.change(screen.getByRole('textbox', { name: '跳至页码' }), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: '跳转' }))
    expect(screen.getByRole('alert').textContent).toBe('请输入 1 到 5 之间的整数页码')
  })

  it('is not offered for a single page', () => {
    renderPagination(20)
    expect(screen.queryByRole('textbox', { name: 'Go to page' })).toBeNull()
  })
})

describe('Pagination by a cursor', () => {
  const cursorProps = (hasPrevious: boolean, hasNext: boolean) => ({
    hasPrevious,
    hasNext,
    onPrevious: vi.fn(),
    onNext: vi.fn(),
    onFirst: vi.fn(),
    firstLabel: 'Newest',
  })

  it('turns to the pages beside this one and back to the first, with no page numbers', () => {
    const cursor = cursorProps(true, true)
    render(
      <Pagination
        page={1}
        pageSize={20}
        total={10_000}
        totalCapped
        pageSizes={[10, 20]}
        onChange={vi.fn()}
        labels={tableLabels('en-US')}
        cursor={cursor}
      />,
    )
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('10,000+')
    expect(screen.queryByRole('textbox', { name: 'Go to page' })).toBeNull()
    expect(screen.queryByText(/of \d/)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
    fireEvent.click(screen.getByRole('button', { name: 'Newest' }))
    expect([cursor.onNext, cursor.onPrevious, cursor.onFirst].map((fn) => fn.mock.calls.length)).toEqual([1, 1, 1])
  })

  it('cannot go back from the first page nor on from the last', () => {
    render(
      <Pagination
        page={1}
        pageSize={20}
        total={3}
        pageSizes={[10, 20]}
        onChange={vi.fn()}
        labels={tableLabels('en-US')}
        cursor={cursorProps(false, false)}
      />,
    )
    for (const name of ['Previous', 'Next', 'Newest'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true)
  })
})
