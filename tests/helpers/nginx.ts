import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { freePort } from './free-port'

/**
 * nginx (Debian's package) run by a test in front of server processes, with deploy/nginx.conf as
 * the configuration: a copy with the instances' ports and its own port put in, inside a main file of
 * the test's own (prefix, pid, logs and temp files in a temp directory, run as the current user).
 */

const NGINX = '/usr/sbin/nginx'
const DEPLOYED = path.join(import.meta.dirname, '../../deploy/nginx.conf')
/** The ports in deploy/nginx.conf's upstream, in order, and its `listen`. */
const DEPLOYED_INSTANCE_PORTS = [3001, 3002]

/** deploy/nginx.conf with the given ports, and nothing else changed. */
function renderNginxConf(instancePorts: readonly number[], listenPort: number): string {
  let text = readFileSync(DEPLOYED, 'utf8')
  const replaceOnce = (from: string, to: string) => {
    const parts = text.split(from)
    if (parts.length !== 2) throw new Error(`deploy/nginx.conf should hold "${from}" once`)
    text = parts.join(to)
  }
  if (instancePorts.length !== DEPLOYED_INSTANCE_PORTS.length) throw new Error('one port per upstream server')
  DEPLOYED_INSTANCE_PORTS.forEach((port, i) =>
    replaceOnce(`server 127.0.0.1:${port} `, `server 127.0.0.1:${instancePorts[i]} `),
  )
  replaceOnce('listen 80;', `listen 127.0.0.1:${listenPort};`)
  return text
}

export type Proxy = {
  baseURL: string
  /**
   * Every request answered so far, in order, with the instance (127.0.0.1:port) it went to, from
   * the access log (a stream is logged once it ends).
   */
  served: () => { upstream: string; status: number; path: string }[]
  stop: () => Promise<void>
}

export async function startNginx(instancePorts: readonly number[]): Promise<Proxy> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx (.ci/run does)`)
  const dir = mkdtempSync(path.join(tmpdir(), 'ds-nginx-'))
  const port = await freePort()
  writeFileSync(path.join(dir, 'daily-supply.conf'), renderNginxConf(instancePorts, port))
  const accessLog = path.join(dir, 'access.log')
  const asRoot = process.getuid?.() === 0
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      // As root nginx would run its workers as nobody, who cannot write the temp directory.
      asRoot ? `user ${userInfo().username};` : '',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  client_body_temp_path ${dir}/body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      // Debian's build points the other modules' temp paths into /var/lib/nginx: ours, when not root.
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      "  log_format upstreams '$upstream_addr|$status|$uri';",
      `  access_log ${accessLog} upstreams;`,
      `  include ${dir}/daily-supply.conf;`,
      '}',
      '',
    ].join('\n'),
  )
  const child = spawn(
    NGINX,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const baseURL = `http://127.0.0.1:${port}`
  // Listening once it answers anything (a 502 before the instances are up is an answer).
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`${baseURL}/api/health`)
      break
    } catch (error) {
      if (child.exitCode !== null || attempt === 100) {
        child.kill('SIGKILL')
        rmSync(dir, { recursive: true, force: true })
        throw new Error(`nginx did not start: ${stderr}`, { cause: error })
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    baseURL,
    served: () =>
      readFileSync(accessLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [upstream = '', status = '', uri = ''] = line.split('|')
          return { upstream, status: Number(status), path: uri }
        }),
    stop: async () => {
      // Fast shutdown: open streams are cut (their servers are stopped by then anyway).
      child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
