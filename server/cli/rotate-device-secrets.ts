import { createHash } from 'node:crypto'
import { existsSync, writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline/promises'

const USAGE = `Usage: npm run rotate-device-secrets -- --url <console address> --username <OFFICIAL account>
         (--market <market id> | --all) --out <new-secrets.csv>
Renews the secret of every bound device of one market (or of all markets) through the console's API,
as the console's "renew secret" does, one device at a time: each renewal is audited and stops the old
secret at once on every instance. Writes code,secret lines to --out (readable by you only; it must not
exist yet): load each secret into its terminal, then delete the file. The password comes from
OFFICIAL_PASSWORD or is asked. Used after restoring an old backup (docs/operations.md, "Backups").`

type Answer<T> = { code: number; msg: string; data: T }
type Options = { url: string; username: string; market: string | null; out: string }

function parseArgs(argv: readonly string[]): Options | null {
  const value = (flag: string) => {
    const at = argv.indexOf(flag)
    const next = at >= 0 ? argv[at + 1] : undefined
    return next && !next.startsWith('--') ? next : null
  }
  const url = value('--url')
  const username = value('--username')
  const out = value('--out')
  const market = value('--market')
  const all = argv.includes('--all')
  if (!url || !username || !out || (market === null) === !all) return null
  return { url: url.replace(/\/+$/, ''), username, market, out }
}

/** The console's API, as the console calls it (JSON, the XSRF pair, the session token). */
function api(base: string) {
  let token: string | null = null
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': 'en-US',
        Cookie: 'XSRF-TOKEN=rotate',
        'X-XSRF-TOKEN': 'rotate',
        ...(token ? { Authorization: token } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const answer = (await response.json()) as Answer<T>
    if (answer.code !== 20000) throw new Error(`${method} /api${path}: ${answer.msg} (${answer.code})`)
    return answer.data
  }
  return {
    signIn: async (username: string, password: string) => {
      const md5 = createHash('md5').update(password).digest('hex')
      token = (await call<{ token: string }>('POST', '/user/login', { username, password: md5 })).token
    },
    call,
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2))
  if (!options) {
    console.error(USAGE)
    process.exit(2)
  }
  if (existsSync(options.out)) {
    console.error(`${options.out} already exists: nothing was renewed. Name a new file.`)
    process.exit(1)
  }
  let password = process.env.OFFICIAL_PASSWORD
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout })
    password = await rl.question(`Password of ${options.username}: `)
    rl.close()
  }
  const client = api(options.url)
  await client.signIn(options.username, password)

  // Every id first: renewing changes nothing the list pages by, but a list read whole cannot shift.
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const scope = options.market ? `&market=${encodeURIComponent(options.market)}` : ''
    const { list, total } = await client.call<{ list: { id: string }[]; total: number }>(
      'GET',
      `/devices?page=${page}&pageSize=100&sort=boundAt&order=asc${scope}`,
    )
    ids.push(...list.map((device) => device.id))
    if (list.length === 0 || ids.length >= total) break
  }
  if (ids.length === 0) {
    console.log('No bound devices: nothing was renewed.')
    return
  }
  // The file is written as renewals happen: a secret renewed is never only in memory.
  writeFileSync(options.out, 'code,secret\n', { mode: 0o600, flag: 'wx' })
  let renewed = 0
  for (const id of ids) {
    const { code, secret } = await client.call<{ code: string; secret: string }>('POST', `/devices/${id}/rotate-secret`)
    writeFileSync(options.out, `${code},${secret}\n`, { flag: 'a' })
    renewed++
  }
  console.log(`Renewed the secrets of ${renewed} device(s); their old secrets are refused from now on.`)
  console.log(`The new ones are in ${options.out}: load each into its terminal, then delete the file.`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
