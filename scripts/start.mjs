// `npm start`: builds the console and server when no build exists, then runs the server. With DEMO on
// (the default) the demo markets' devices also trade through the device API: the simulator
// (server/demo/simulator, `npm run simulate`) runs beside it as a process of its own, so nothing it does
// can stop the server; SIMULATE=0 leaves it out. Signals go to both.
import { execSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('dist/client/index.html') || !existsSync('dist/server/main.js')) {
  console.log('No build found: building the console and server (about a minute)…')
  execSync('npm run build', { stdio: 'inherit' })
}
const child = spawn(process.execPath, ['dist/server/main.js'], { stdio: 'inherit' })

/** The simulator, when the demo is on and tsx (a dev dependency) is installed. */
function startSimulator() {
  if (process.env.DEMO === '0' || process.env.SIMULATE === '0') return null
  if (!existsSync('node_modules/tsx')) {
    console.log('Demo simulator not started: it needs the dev dependencies (npm install).')
    return null
  }
  const host = !process.env.HOST || ['0.0.0.0', '::'].includes(process.env.HOST) ? '127.0.0.1' : process.env.HOST
  const url =
    process.env.SIMULATE_URL || `http://${host.includes(':') ? `[${host}]` : host}:${process.env.PORT || 3000}`
  return spawn(process.execPath, ['--import', 'tsx', 'server/demo/simulator/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SIMULATE_URL: url },
  })
}
const simulator = startSimulator()

for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => {
    simulator?.kill(signal)
    child.kill(signal)
  })
child.on('exit', (code) => {
  if (simulator && simulator.exitCode === null) simulator.kill('SIGTERM')
  process.exit(code ?? 0)
})
