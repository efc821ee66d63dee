import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseURL } from '../helpers/browser'

const XSRF = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', 'content-type': 'application/json' }

describe('the built server (shared instance)', () => {
  it('serves hashed assets with long cache headers and pages with history fallback', async () => {
    const html = await fetch(`${baseURL()}/merchant/register`)
    expect(html.status).toBe(200)
    expect(html.headers.get('cache-control')).toBe('no-cache')
    const body = await html.text()
    const asset = /\/assets\/[\w.-]+\.js/.exec(body)?.[0]
    expect(asset).toBeTruthy()
    const js = await fetch(`${baseURL()}${asset}`, { headers: { 'accept-encoding': 'gzip, br' } })
    expect(js.status).toBe(200)
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(js.headers.get('content-encoding')).toMatch(/br|gzip/)
  })
})

describe('server process', () => {
  let server: ChildProcess
  let output = ''
  let dataDir = ''
  const port = 3000 + Math.floor(Math.random() * 2000) + 20000

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ds-proc-'))
    server = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'info', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    for (let i = 0; i < 240; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return
      } catch {
        // starting
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new Error(`server did not start:\n${output}`)
  })

  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('logs requests without tokens or passwords, finishes in-flight requests on SIGTERM and exits cleanly', async () => {
    const password = createHash('md5').update('Official123').digest('hex')
    const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: XSRF,
      body: JSON.stringify({ username: 'official', password }),
    })
    const { data } = (await login.json()) as { data: { token: string } }
    // A sign-in takes tens of milliseconds (scrypt): SIGTERM arrives while it is in flight.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: XSRF,
      body: JSON.stringify({ username: 'official', password }),
    })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
    server.kill('SIGTERM')
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(await exited).toBe(0)
    expect(output).toContain('"path":"/api/user/login"')
    expect(output).toContain('stopped')
    expect(output).not.toContain(data.token)
    expect(output).not.toContain(password)
  })
})
