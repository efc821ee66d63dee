import { vi } from 'vitest'

/**
 * '@/lib/toast' for component tests: `vi.mock('@/lib/toast', async () => (await import('@/test-support/toast-mock')).toastModule)`
 * (vi.mock stays in the test file: it is hoisted there), then assert on `showToast`.
 */
export const showToast = vi.fn()

export const toastModule = {
  showToast,
  dismissToast: vi.fn(),
  errorToastId: (message: string) => `error:${message}`,
}
