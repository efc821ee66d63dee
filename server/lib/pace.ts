/**
 * Pacing a long job's chunks (issue 26's budget: a daily job must not hold the requests that arrive
 * while it runs). `await pause()` between two chunks waits as long as the chunk since the last pause
 * took, at most `maxMs`: the job then has the database and the event loop at most about half the time,
 * whatever the machine's load (a busy machine makes the chunks, and so the pauses, longer).
 */
export function pacer(maxMs = 250): () => Promise<void> {
  let since = performance.now()
  return async () => {
    const took = performance.now() - since
    await new Promise((resolve) => setTimeout(resolve, Math.min(took, maxMs)))
    since = performance.now()
  }
}
