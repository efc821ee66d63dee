import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, renderHook } from '@testing-library/react'
import { useStableHandlers } from './use-stable-handlers'

afterEach(cleanup)

describe('useStableHandlers', () => {
  it('keeps the same handlers across renders and calls the latest ones given', () => {
    const { result, rerender } = renderHook(
      ({ greeting }) => useStableHandlers({ greet: (name: string) => `${greeting}, ${name}` }),
      {
        initialProps: { greeting: 'Hello' },
      },
    )
    const first = result.current
    expect(first.greet('王')).toBe('Hello, 王')
    rerender({ greeting: '你好' })
    expect(result.current).toBe(first)
    expect(result.current.greet).toBe(first.greet)
    expect(first.greet('王')).toBe('你好, 王')
  })
})
