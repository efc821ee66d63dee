// `npm start`: builds the console and server when no build exists, then runs ONE Node process.
import { execSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('dist/client/index.html') || !existsSync('dist/server/main.js')) {
  console.log('No build found: building the console and server (about a minute)…')
  execSync('npm run build', { stdio: 'inherit' })
}
const child = spawn(process.execPath, ['dist/server/main.js'], { stdio: 'inherit' })
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
