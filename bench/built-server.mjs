// Starts the BUILT server (node dist/server/main.js, no TypeScript loader) on a fresh data folder for
// a bench, and stops it again. Every bench measures the same thing a user runs.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export async function startBuiltServer({ port, databaseUrl = '' }) {
  const base = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ds-bench-'))
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
    },
    stdio: 'inherit',
  })
  const stop = async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await stop()
  throw new Error('server did not start within 60 s')
}
