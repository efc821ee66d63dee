// Bundles the server for `npm start` (node on plain JS, no TypeScript loader) and precompresses the
// console's text assets so the server can send .br/.gz files without compressing on each request.
import { build } from 'esbuild'
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'

await build({
  entryPoints: { main: 'server/main.ts', 'create-official': 'server/cli/create-official.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
// Migrations are read from disk next to the bundle (import.meta.url of dist/server/main.js).
cpSync('server/db/migrations', 'dist/server/migrations', { recursive: true })

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* files(full)
    else yield full
  }
}
for (const file of files('dist/client')) {
  if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue
  const body = readFileSync(file)
  if (body.length < 512) continue
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
}
