import { parseArgs } from 'node:util'
import pino, { type Logger } from 'pino'
import { parseDuration } from '../../env'
import { loadDemoMarkets, type DemoMarket } from './console-client'
import { runLoad } from './load'
import { Trading } from './trading'

/**
 * `npm run simulate`: the demo markets' devices trading through the real device API over HTTP.
 *
 *   --url <base>        the server (SIMULATE_URL; default http://127.0.0.1:$PORT, PORT 3000)
 *   --rate <x>          payments times x (SIMULATE_RATE; default 1: 3 per merchant per day, as the seed)
 *   --markets <list|n>  operator usernames (0314888,0316613) or the first n markets (SIMULATE_MARKETS)
 *   --duration <time>   stop after 90s, 30m, 2h (SIMULATE_DURATION; default: until stopped)
 *   --load              instead: sustained payments from the demo terminals, as fast as answered
 *   --senders <n>       with --load: concurrent senders (default 8)
 *   --batch <n>         with --load: events per batch (default 100)
 *
 * Logs JSON lines like the server (LOG_LEVEL). SIGTERM or SIGINT stops it after the calls in flight.
 */

const USAGE = 'usage: npm run simulate -- [--url URL] [--rate X] [--markets LIST|N] [--duration TIME] [--load]'

function readOptions(argv: string[], env: NodeJS.ProcessEnv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      rate: { type: 'string' },
      markets: { type: 'string' },
      duration: { type: 'string' },
      load: { type: 'boolean' },
      senders: { type: 'string' },
      batch: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const number = (text: string | undefined, fallback: number, name: string) => {
    const value = text === undefined || text === '' ? fallback : Number(text)
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
    return value
  }
  const durationText = values.duration ?? env.SIMULATE_DURATION
  const durationS = durationText ? parseDuration(durationText) : null
  if (durationText && durationS === null) throw new Error('--duration must be like 90, 90s, 30m or 2h')
  const markets = (values.markets ?? env.SIMULATE_MARKETS ?? '').trim()
  return {
    url: (values.url ?? env.SIMULATE_URL ?? `http://127.0.0.1:${env.PORT || 3000}`).replace(/\/+$/, ''),
    rate: number(values.rate ?? env.SIMULATE_RATE, 1, '--rate'),
    markets: /^\d{1,2}$/.test(markets) ? Number(markets) : markets ? markets.split(',').map((m) => m.trim()) : null,
    durationMs: durationS === null ? null : durationS * 1000,
    load: values.load ?? false,
    senders: Math.round(number(values.senders, 8, '--senders')),
    batch: Math.min(500, Math.round(number(values.batch, 100, '--batch'))),
  }
}

/** Waits for the server to answer its health check (it may still be seeding). */
async function waitForServer(base: string, logger: Logger, stopped: () => boolean): Promise<void> {
  for (let attempt = 0; !stopped(); attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    if (attempt === 20) logger.info({ url: base }, 'waiting for the server')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

function chosen(markets: DemoMarket[], which: string[] | number | null): DemoMarket[] {
  if (which === null) return markets
  if (typeof which === 'number') return markets.slice(0, which)
  return markets.filter((market) => which.includes(market.account))
}

async function main() {
  const logger = pino({ name: 'simulator', level: process.env.LOG_LEVEL || 'info' })
  let options
  try {
    options = readOptions(process.argv.slice(2), process.env)
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    process.exit(2)
  }
  let stopping = false
  let stop: () => Promise<void> = async () => {}
  const finish = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'simulator stopping')
    void stop().then(() => process.exit(0))
  }
  process.on('SIGTERM', () => finish('SIGTERM'))
  process.on('SIGINT', () => finish('SIGINT'))

  await waitForServer(options.url, logger, () => stopping)
  if (stopping) return
  const markets = chosen(await loadDemoMarkets(options.url), options.markets)
  const devices = markets.flatMap((market) => market.devices)
  if (devices.length === 0) {
    logger.warn('no demo devices to simulate (DEMO=0, or the demo markets have none)')
    return
  }
  const random = Math.random
  if (options.load) {
    const terminals = devices.filter((device) => device.kind === 'payment_terminal')
    logger.info(
      { url: options.url, devices: terminals.length, senders: options.senders },
      'load: payments as fast as answered',
    )
    const result = await runLoad({
      base: options.url,
      devices: terminals,
      senders: options.senders,
      batchSize: options.batch,
      durationMs: options.durationMs ?? 30_000,
      resendEvery: 0,
      random,
    })
    const sorted = [...result.latenciesMs].sort((a, b) => a - b)
    logger.info(
      {
        eventsPerSecond: Math.round(result.accepted / (result.elapsedMs / 1000)),
        batches: result.batches,
        failed: result.failed,
        p99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
      },
      'load finished',
    )
    return
  }
  const trading = new Trading({ base: options.url, markets, rate: options.rate, random, logger })
  stop = async () => {
    await trading.stop()
    logger.info(trading.stats, 'simulator stopped')
  }
  trading.start()
  logger.info(
    {
      url: options.url,
      markets: markets.map((market) => market.account),
      devices: trading.deviceCount,
      rate: options.rate,
    },
    'simulating the demo markets',
  )
  const report = setInterval(() => logger.info(trading.stats, 'simulator: so far'), 15 * 60_000)
  report.unref()
  if (options.durationMs !== null)
    setTimeout(() => {
      if (!stopping) finish('duration')
    }, options.durationMs)
}

main().catch((error: unknown) => {
  console.error(`simulator: ${(error as Error).message}`)
  process.exit(1)
})
