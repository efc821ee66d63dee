import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { Chart } from './chart'

const engine = vi.hoisted(() => ({
  imported: false,
  init: vi.fn(() => ({ setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() })),
}))
vi.mock('./engine', () => {
  engine.imported = true
  return { init: engine.init }
})

/** An IntersectionObserver the test moves: `show()` brings every observed element into view. */
const observed = new Set<{ callback: IntersectionObserverCallback; target: Element | null }>()
class FakeIntersectionObserver {
  entry: { callback: IntersectionObserverCallback; target: Element | null }
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, target: null }
    observed.add(this.entry)
  }
  observe(target: Element) {
    this.entry.target = target
  }
  disconnect() {
    observed.delete(this.entry)
  }
}
function show() {
  for (const { callback, target } of [...observed])
    callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver)
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('a chart below the fold', () => {
  it('holds its place with a placeholder of its own size and loads no engine until it scrolls into view', async () => {
    render(
      <Chart
        label="Passenger flow"
        option={() => ({ series: [{ type: 'line', name: 'In', data: [1, 2] }] })}
        summary={{ columns: ['Time', 'In'], rows: [['09:00', 1]] }}
        className="h-64"
        data-testid="chart-flow"
      />,
    )
    const box = screen.getByTestId('chart-flow').querySelector('[data-chart]') as HTMLElement
    // The box has its final height from the start; the placeholder covers it exactly.
    expect(box.className).toContain('h-64')
    expect(screen.getByTestId('chart-placeholder').className).toContain('absolute inset-0')
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(engine.imported).toBe(false)
    expect(engine.init).not.toHaveBeenCalled()
    // The table for screen readers is there before the drawing.
    expect(screen.getByRole('table').textContent).toContain('09:00')

    await act(async () => show())
    await vi.waitFor(() => expect(engine.init).toHaveBeenCalledTimes(1))
    expect(box.dataset.drawn).toBe('echarts')
    expect(screen.queryByTestId('chart-placeholder')).toBeNull()
  })
})
