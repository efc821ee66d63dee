// What the device benches share: an API call that throws on anything but success, payment terminals
// bound as the console binds them, a stream listener that times when each batch's event arrives, and
// the query that counts what the run's devices stored.

/** Calls the console's API; answers `data`, or throws with the answer's code and message. */
export async function api(base, headers, method, route, body) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const answer = await response.json()
  if (answer.code !== 20000) throw new Error(`${method} ${route}: ${answer.code} ${answer.msg}`)
  return answer.data
}

/** Binds `count` payment terminals to active merchants, as the console does; answers code, secret and id. */
export async function bindTerminals(base, headers, count, prefix = 'BENCH') {
  const { list } = await api(base, headers, 'GET', `/api/merchants?status=active&pageSize=100`)
  const run = Date.now().toString(36).toUpperCase()
  const devices = []
  for (let i = 0; i < count; i++) {
    const merchant = list[i % list.length]
    devices.push(
      await api(base, headers, 'POST', '/api/devices', {
        code: `${prefix}-${run}-${i}`,
        kind: 'payment_terminal',
        merchantId: merchant.id,
        marketId: merchant.marketId,
      }),
    )
  }
  return devices
}

/**
 * Listens on /api/stream and answers, per batch key, the time its first `transactions` event arrived.
 * Item ids are `<batch key>-<n>` (the load generator's), so an event names its batch.
 */
export async function listenForBatches(base, headers) {
  const arrived = new Map()
  const controller = new AbortController()
  const response = await fetch(`${base}/api/stream`, { headers, signal: controller.signal })
  if (!response.ok) throw new Error(`GET /api/stream: HTTP ${response.status}`)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let ready
  const isReady = new Promise((resolve) => (ready = resolve))
  const reading = (async () => {
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      buffer += value
      let end
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const message = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const type = /^event: ?(.*)$/m.exec(message)?.[1]
        if (type === 'ready') ready()
        if (type !== 'transactions') continue
        const at = Date.now()
        const data = message
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n')
        for (const item of JSON.parse(data).items) {
          const key = item.id.replace(/-\d+$/, '')
          if (!arrived.has(key)) arrived.set(key, at)
        }
      }
    }
  })().catch((error) => {
    if (error.name !== 'AbortError') throw error
  })
  await isReady
  return {
    arrived,
    close: async () => {
      controller.abort()
      await reading
    },
  }
}

/** What the run's devices ($1: their ids as a uuid array literal) stored: rows, distinct events, ledger rows. */
export const COUNT_STORED_SQL = `select
    (select count(*)::int from transactions where device_id = any($1::uuid[])) as rows,
    (select count(distinct (device_id, event_id))::int from transactions where device_id = any($1::uuid[])) as distinct_events,
    (select count(*)::int from device_events where device_id = any($1::uuid[])) as ledger`
