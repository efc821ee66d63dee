// What the API benches measure a line with: autocannon for `duration` seconds, and exact percentiles
// from every response's time (autocannon's summary has no p95, only p97.5 and p99).
import autocannon from 'autocannon'

/** p50 and p95 in ms (NaN when nothing answered), requests a second, and how many failed. */
export async function measure(url, headers, { connections, duration }) {
  const times = []
  const instance = autocannon({ url, connections, duration, headers })
  instance.on('response', (_client, _status, _bytes, time) => times.push(time))
  const result = await instance
  times.sort((a, b) => a - b)
  const at = (p) => times[Math.max(0, Math.ceil((p / 100) * times.length) - 1)] ?? NaN
  return { p50: at(50), p95: at(95), rps: result.requests.average, failed: result.non2xx + result.errors }
}
