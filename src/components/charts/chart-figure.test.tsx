import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { ChartFigure } from './chart-figure'

afterEach(cleanup)

describe('ChartFigure', () => {
  it('is a figure named by its caption, with its figures as a table for screen readers', () => {
    render(
      <ChartFigure
        label="Takings <by day> & orders"
        summary={{
          columns: ['Day', 'Takings'],
          rows: [
            ['11-28', '¥1,200.00'],
            ['<script>x</script>', 3],
          ],
        }}
      >
        <svg aria-hidden />
      </ChartFigure>,
    )
    const figure = screen.getByRole('figure', { name: 'Takings <by day> & orders' })
    const table = within(figure).getByRole('table', { name: 'Takings <by day> & orders' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Takings'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('<script>x</script>')
    expect(within(rows[0] as HTMLElement).getByRole('cell').textContent).toBe('¥1,200.00')
    // Text, never markup: nothing a name holds becomes an element.
    expect(table.querySelector('script')).toBeNull()
  })
})
