// How the benches measure latency: one percentile rule for every figure, and for the API lines
// autocannon for `duration` seconds with exact percentiles from every response's time (autocannon's
// summary has no p95, only p97.5 and p99).
import autocannon from 'autocannon'

/** The p-th percentile of `values` (nearest rank; NaN when there are none). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

/** p50, p95 and p99 in ms (NaN when nothing answered), requests a second, and how many failed. */
export async function measure(url, headers, { connections, duration, method = 'GET' }) {
  const times = []
  const instance = autocannon({ url, method, connections, duration, headers })
  instance.on('response', (_client, _status, _bytes, time) => times.push(time))
  const result = await instance
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.average,
    failed: result.non2xx + result.errors,
  }
}
