// Starts the BUILT server (node dist/server/main.js, no TypeScript loader) on a fresh data folder for
// a bench, and stops it again. Every bench measures the same thing a user runs.
// `dataDir` runs it on an existing PGlite folder instead (kept on stop). `fromSource` (or
// BENCH_FROM_SOURCE=1) runs server/main.ts through tsx instead of the build, for a checkout whose build
// is older than its source (tsx transpiles each file once, at start: requests run the same code).
// `cwd` runs another checkout's build. `startSeconds` (60) is how long it may take to answer: seeding the demo on a busy machine takes longer.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export async function startBuiltServer({
  port,
  databaseUrl = '',
  dataDir,
  fromSource = process.env.BENCH_FROM_SOURCE === '1',
  startSeconds = 60,
  cwd,
}) {
  const base = `http://127.0.0.1:${port}`
  const ownDataDir = dataDir ? null : mkdtempSync(path.join(tmpdir(), 'ds-bench-'))
  // BENCH_SERVER_NODE_ARGS: flags for the server's node only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const entry = [...nodeArgs, ...(fromSource ? ['--import', 'tsx', 'server/main.ts'] : ['dist/server/main.js'])]
  const server = spawn(process.execPath, entry, {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir ?? ownDataDir,
      DEMO: '1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
    },
    stdio: 'inherit',
    // Another checkout's build (a baseline measured beside this one).
    cwd,
  })
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM')
      await new Promise((resolve) => server.once('exit', resolve))
    }
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true })
  }
  for (let i = 0; i < startSeconds * 4; i++) {
    if (server.exitCode !== null) break
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop, pid: server.pid }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await stop()
  throw new Error(`server did not start within ${startSeconds} s`)
}

/** MD5 hex: what the console sends for a password (SPEC §5). */
export const md5 = (text) => createHash('md5').update(text).digest('hex')

/** Signs an account in and answers the headers an API call then needs (session and XSRF). */
export async function signedInHeaders(base, username, password) {
  const headers = { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=b', 'x-xsrf-token': 'b' }
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password: md5(password) }),
  })
  const token = (await login.json()).data?.token
  if (!token) throw new Error(`${username} could not sign in`)
  return { ...headers, authorization: token }
}

/** The demo OFFICIAL's headers. */
export const officialHeaders = (base) => signedInHeaders(base, 'official', 'Official123')
