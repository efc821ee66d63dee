// How the benches measure latency: one percentile rule for every figure, and for the API lines
// autocannon for `duration` seconds with exact percentiles from every response's time (autocannon's
// summary has no p95, only p97.5 and p99).
import autocannon from 'autocannon'

/** The p-th percentile of `values` (nearest rank; NaN when there are none). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

/**
 * p50, p95 and p99 in ms (NaN when nothing answered), requests a second, how many failed, and every
 * response's time (to pool several rounds into one percentile).
 */
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
    times,
  }
}

const ms = (value) => value.toFixed(1).padStart(5)

/**
 * A list endpoint's lines, as the list benches print them: for each `[who, headers, label, query]`, its
 * total and rows, then p50 / p95 with one and ten connections against `budgetMs` (judged with the
 * connections in `judged`, the others reported). Answers the lines over budget.
 */
export async function measureListLines({ base, path, scenarios, budgetMs, duration, judged = [1, 10] }) {
  const misses = []
  for (const [who, headers, label, query] of scenarios) {
    const address = `${base}${path}?${new URLSearchParams({ pageSize: 20, ...query })}`
    const answer = await (await fetch(address, { headers })).json()
    if (answer.code !== 20000) throw new Error(`${label}: ${answer.code} ${answer.msg}`)
    for (let i = 0; i < 20; i++) await fetch(address, { headers })
    const total = `${answer.data.total.toLocaleString('en')}${answer.data.totalCapped ? '+' : ''}`
    const line = [`  ${who.padEnd(8)} ${label}: total ${total}, ${answer.data.list.length} rows`]
    for (const connections of [1, 10]) {
      const result = await measure(address, headers, { connections, duration })
      const counts = judged.includes(connections)
      const over = counts && result.p95 > budgetMs
      if (over) misses.push(`${who} ${label}, ${connections} connection(s)`)
      const verdict = !counts ? ' (reported)' : over ? ' OVER BUDGET' : ' OK'
      line.push(
        `    ${String(connections).padStart(2)} conn: p50 ${ms(result.p50)} ms · p95 ${ms(result.p95)} ms${verdict} · ${Math.round(result.rps).toLocaleString('en')} req/s${result.failed ? ` · ${result.failed} failed` : ''}`,
      )
    }
    console.log(line.join('\n'))
  }
  return misses
}
