// `npm run dev`: the API (tsx watch) on API_PORT and Vite with HMR on 5173 proxying /api to it.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3001'
const env = { ...process.env, API_PORT: apiPort }
const api = spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...env, PORT: apiPort, CLIENT_DIR: '.tmp/no-client' },
})
const web = spawn('npx', ['vite'], { stdio: 'inherit', env })
const stop = () => {
  api.kill('SIGTERM')
  web.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
