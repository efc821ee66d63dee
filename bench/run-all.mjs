// `npm run bench`: builds if needed, then runs every budget script in turn.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('dist/server/main.js')) execSync('npm run build', { stdio: 'inherit' })
for (const script of [
  'bench/chunks.mjs',
  'bench/login-page.mjs',
  'bench/user-info.mjs',
  'bench/markets-list.mjs',
  // The first run seeds 200,000 merchants on PostgreSQL (when one answers) and PGlite: about 1.5 min.
  'bench/merchants-list.mjs',
  'bench/merchants-export.mjs',
  // Seeds the demo (with its devices' 30 days) on its own databases the first time: about a minute more.
  'bench/devices-ingest.mjs',
  // The same load through nginx in front of two instances (needs /usr/sbin/nginx), on devices-ingest's database.
  'bench/proxy-ingest.mjs',
  // Lighthouse (mobile) on /login, three runs.
  'bench/lighthouse.mjs',
  // Beside shadcn-admin, built outside the project (see the top of bench/peers.mjs): skipped without it.
  'bench/peers.mjs',
]) {
  if (
    script === 'bench/peers.mjs' &&
    !existsSync(`${process.env.PEER_DIST ?? '/work/peers/shadcn-admin/dist'}/index.html`)
  ) {
    console.log('bench/peers.mjs skipped: shadcn-admin is not built (see the top of bench/peers.mjs)')
    continue
  }
  execSync(`node ${script}`, { stdio: 'inherit' })
}
