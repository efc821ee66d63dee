// Gzip size of each page's own chunk in the production build (run `npm run build` first).
// Budget (issue 4): the market register page's chunk <= 40 KB gzip.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const manifest = JSON.parse(readFileSync('dist/client/manifest.json', 'utf8'))
const BUDGETS = { 'src/routes/_console/market/register.tsx': 40 }
const rows = Object.entries(manifest)
  .filter(([source]) => source.startsWith('src/routes/') && source.includes('tsr-split=component'))
  .map(([source, chunk]) => {
    const page = source.replace(/\?.*$/, '')
    const kb = gzipSync(readFileSync(`dist/client/${chunk.file}`), { level: 9 }).length / 1024
    return { page, kb, budget: BUDGETS[page] }
  })
  .sort((a, b) => b.kb - a.kb)
console.log("Each page's own chunk (gzip)")
for (const { page, kb, budget } of rows) {
  const verdict = budget === undefined ? '' : ` (budget <= ${budget} KB) ${kb <= budget ? 'OK' : 'OVER BUDGET'}`
  console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${page}${verdict}`)
}
