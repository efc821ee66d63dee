// GET /api/markets with a search, a status filter and a sort, over 1,000 markets, against the BUILT
// server. Budget (issue 4): p95 <= 30 ms, on PGlite (default) and on PostgreSQL (BENCH_DATABASE_URL).
import { md5, officialHeaders, startBuiltServer } from './built-server.mjs'
import { measure } from './measure.mjs'

const PORT = 3919
const base = `http://127.0.0.1:${PORT}`
const databaseUrl = process.env.BENCH_DATABASE_URL ?? ''
const CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY'
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28]
function creditCode(n) {
  const first17 = `91131003MB${String(n).padStart(7, '0')}`
  let sum = 0
  for (let i = 0; i < 17; i++) sum += CHARS.indexOf(first17[i]) * WEIGHTS[i]
  return first17 + CHARS[(31 - (sum % 31)) % 31]
}

const { stop } = await startBuiltServer({ port: PORT, databaseUrl })
try {
  const auth = await officialHeaders(base)
  const existing = (await (await fetch(`${base}/api/markets?pageSize=1`, { headers: auth })).json()).data.total
  // Registered through the API, as an operator would (each one hashes a password: about a minute).
  const password = md5('Market123')
  for (let n = existing; n < 1000; n++) {
    const body = {
      paymentBank: 'ABC',
      accountUsername: `0318${String(300000 + n)}`,
      accountStatus: n % 7 === 0 ? 2 : 1,
      registeredOn: '2026-05-01',
      name: `${n % 2 ? '东区' : '西区'}农贸市场 ${n}`,
      creditCode: creditCode(n),
      address: `衡水市桃城区测试路 ${n} 号`,
      stallCount: n % 300,
      complaintPhone: '0318-2345678',
      legalPersonName: '张伟',
      legalPersonPhone: '13700000000',
      managerName: '刘静',
      managerPhone: '13600000000',
      password,
    }
    const answer = await (
      await fetch(`${base}/api/markets`, { method: 'POST', headers: auth, body: JSON.stringify(body) })
    ).json()
    if (answer.code !== 20000) throw new Error(`seeding failed: ${answer.msg}`)
  }
  const url = `${base}/api/markets?q=${encodeURIComponent('东区')}&status=1&sort=stallCount&order=desc&page=2&pageSize=20`
  // One connection: the latency one operator sees (PGlite answers one query at a time, so more
  // connections measure queueing, not the query). BENCH_CONNECTIONS overrides.
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 1)
  const result = await measure(url, auth, { connections, duration: 10 })
  console.log(
    `GET /api/markets with q + status + sort over 1,000 markets (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${connections} connection(s), 10 s)`,
  )
  console.log(
    `  p50 ${result.p50.toFixed(1)} ms · p95 ${result.p95.toFixed(1)} ms (budget p95 <= 30 ms) ${result.p95 <= 30 ? 'OK' : 'OVER BUDGET'}`,
  )
  console.log(`  ${Math.round(result.rps)} req/s · failed ${result.failed}`)
} finally {
  await stop()
}
