/**
 * Runs `work` until it succeeds, at most `attempts` times, while what it threw is `retryable` (a lock
 * not had in time, a deadlock's victim: statements that changed nothing). Before each new attempt,
 * `before` runs (undo what the failed one left) and then it waits `waitMs(attempt)`.
 */
export async function retried<T>(
  work: () => Promise<T>,
  {
    attempts,
    retryable,
    waitMs,
    before,
  }: {
    attempts: number
    retryable: (error: unknown) => boolean
    waitMs: (attempt: number) => number
    before?: () => Promise<unknown>
  },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (attempt >= attempts || !retryable(error)) throw error
      await before?.()
      await new Promise((resolve) => setTimeout(resolve, waitMs(attempt)))
    }
  }
}
