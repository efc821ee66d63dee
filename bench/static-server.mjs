// A plain static server for a peer's built SPA (bench/peers.mjs): the files of `root`, gzip when the
// browser accepts it, and index.html for any path that is not a file (history fallback). Nothing of
// ours runs in it, so a peer is served the way a CDN or nginx with `gzip on` would serve it.
// Each file is read and gzipped (level 9, as a build that precompresses would) once, on first request,
// and kept in memory: the bench's cold loads then measure the browser, not this server's CPU.
import { readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import path from 'node:path'
import { gzipSync, constants } from 'node:zlib'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}
// What gzip shrinks; images and fonts are compressed already.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest', '.ico'])

/** Serves `root` on 127.0.0.1:`port`; answers `{ base, stop }`. */
export async function startStaticServer({ root, port }) {
  const files = new Map()
  const load = async (file) => {
    let entry = files.get(file)
    if (!entry) {
      const body = await readFile(file)
      const ext = path.extname(file)
      const gzipped = COMPRESSIBLE.has(ext) ? gzipSync(body, { level: constants.Z_BEST_COMPRESSION }) : null
      entry = { body, gzipped, type: TYPES[ext] ?? 'application/octet-stream' }
      files.set(file, entry)
    }
    return entry
  }
  const resolve = async (urlPath) => {
    const file = path.join(root, path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, ''))
    if (file.startsWith(root)) {
      const info = await stat(file).catch(() => null)
      if (info?.isFile()) return { file, fallback: false }
    }
    return { file: path.join(root, 'index.html'), fallback: true }
  }
  const server = createServer(async (request, response) => {
    try {
      const { pathname } = new URL(request.url ?? '/', 'http://localhost')
      const { file, fallback } = await resolve(pathname)
      const { body, gzipped, type } = await load(file)
      const gzip = gzipped && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
      response.writeHead(200, {
        'Content-Type': type,
        'Content-Length': (gzip ? gzipped : body).length,
        'Cache-Control': fallback || file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000',
        Vary: 'Accept-Encoding',
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      })
      response.end(request.method === 'HEAD' ? undefined : gzip ? gzipped : body)
    } catch (error) {
      response.writeHead(500, { 'Content-Type': 'text/plain' })
      response.end(String(error))
    }
  })
  await new Promise((done) => server.listen(port, '127.0.0.1', done))
  const stop = () => new Promise((done) => server.close(done))
  return { base: `http://127.0.0.1:${port}`, stop }
}
