import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { marketWithDevices, sendBatch, type BoundDevice } from '../helpers/crash-world'
import { passengers, payment } from '../helpers/devices'
import { OFFICIAL, useServerDatabase, signIn, type ServerProcess } from '../helpers/server-process'

/**
 * `npm run rotate-device-secrets` (issue 23 §3, after restoring an old backup): every bound device of
 * the named market gets a new secret, written to the file; the old secrets are refused from then on,
 * the new ones work, and another market's devices keep theirs.
 */

const work = mkdtempSync(path.join(tmpdir(), 'ds-rotate-'))
const run = useServerDatabase()
let server: ServerProcess | undefined
afterAll(() => rmSync(work, { recursive: true, force: true }))

function rotate(args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'rotate-device-secrets', '--', ...args], {
      env: { ...process.env, OFFICIAL_PASSWORD: OFFICIAL.password },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('close', (code) => resolve({ code, output }))
  })
}

let serial = 0
const oneEvent = (device: BoundDevice) => {
  const at = new Date(Date.now() - 60_000).toISOString()
  return device.kind === 'payment_terminal' ? payment(`e${++serial}`, 100, at) : passengers(`e${++serial}`, 1, 0, at)
}
const statusWith = async (device: BoundDevice) =>
  (await sendBatch(server as ServerProcess, device, [oneEvent(device)])).status

describe('npm run rotate-device-secrets', () => {
  it("renews every bound device's secret of one market and writes the new ones to the file", async () => {
    server = await run.start()
    const official = await signIn(server, OFFICIAL.username, OFFICIAL.password)
    const first = await marketWithDevices(server, official, 1, { terminals: 2, counters: 1 })
    const second = await marketWithDevices(server, official, 2, { terminals: 1, counters: 0 })
    const out = path.join(work, 'new-secrets.csv')
    const base = ['--url', server.baseURL, '--username', OFFICIAL.username, '--out', out]

    const usage = await rotate(base)
    expect(usage.code, 'neither --market nor --all').toBe(2)

    const done = await rotate([...base, '--market', first.marketId])
    expect(done.code, done.output).toBe(0)
    expect(done.output).toContain('Renewed the secrets of 3 device(s)')
    expect(statSync(out).mode & 0o777).toBe(0o600)
    const lines = readFileSync(out, 'utf8').trim().split('\n')
    expect(lines[0]).toBe('code,secret')
    const renewed = new Map(lines.slice(1).map((line) => line.split(',') as [string, string]))
    expect([...renewed.keys()].sort()).toEqual(first.devices.map((device) => device.code).sort())

    for (const device of first.devices) {
      expect(await statusWith(device), `${device.code} with its old secret`).toBe(401)
      expect(await statusWith({ ...device, secret: renewed.get(device.code) as string }), device.code).toBe(200)
    }
    for (const device of second.devices) expect(await statusWith(device), 'another market').toBe(200)

    const again = await rotate([...base, '--all'])
    expect(again.code).toBe(1)
    expect(again.output).toContain('already exists: nothing was renewed')
  }, 180_000)
})
