/**
 * At most `size` jobs at once, the rest wait in order. Image decoding holds up to width × height × 4
 * bytes per image, so a burst of large uploads must queue rather than exhaust memory.
 */
export function slots(size: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    // A finishing job hands its slot straight to the next waiter, so a newcomer cannot overtake it.
    if (running < size) running++
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await job()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}
