// Gzip size of each page's own chunk in the production build (run `npm run build` first).
// Budget (issue 4): the market register page's chunk <= 40 KB gzip.
import { readFileSync } from 'node:fs'
import { brotliCompressSync, gzipSync } from 'node:zlib'

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

// The workplace's own JavaScript (issue 10): its page chunk, what only it imports, and ECharts (loaded
// with its first chart), less what a first visit after sign-in already has (the entry and the console
// layout). Budget: <= 250 KB compressed.
const WORKPLACE = 'src/routes/_console/dashboard/workplace.tsx?tsr-split=component'
const WORKPLACE_BUDGET_KB = 250
/** Every chunk `key` imports statically, itself included. */
function closure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into
  into.add(key)
  for (const dependency of manifest[key].imports ?? []) closure(dependency, into)
  return into
}
const loadedBefore = new Set()
for (const key of Object.keys(manifest))
  if (key === 'index.html' || key.startsWith('src/routes/_console.tsx')) closure(key, loadedBefore)
const workplace = closure(WORKPLACE)
// Dynamic imports the page makes as it draws: the chart engine.
for (const key of manifest[WORKPLACE]?.dynamicImports ?? [])
  if (key.startsWith('src/components/charts/')) closure(key, workplace)
const own = [...workplace].filter((key) => !loadedBefore.has(key))
const sizes = own.map((key) => {
  const bytes = readFileSync(`dist/client/${manifest[key].file}`)
  return {
    file: manifest[key].file,
    gzip: gzipSync(bytes, { level: 9 }).length / 1024,
    brotli: brotliCompressSync(bytes).length / 1024,
  }
})
const total = (kind) => sizes.reduce((sum, size) => sum + size[kind], 0)
console.log("\nWorkplace's own JavaScript on a first visit after sign-in, ECharts included")
for (const size of sizes.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${size.gzip.toFixed(1).padStart(6)} KB  ${size.file} (brotli ${size.brotli.toFixed(1)} KB)`)
const workplaceKb = total('gzip')
console.log(
  `  ${workplaceKb.toFixed(1).padStart(6)} KB  total gzip, ${total('brotli').toFixed(1)} KB brotli (budget <= ${WORKPLACE_BUDGET_KB} KB) ${workplaceKb <= WORKPLACE_BUDGET_KB ? 'OK' : 'OVER BUDGET'}`,
)
// ECharts marks its charts' elements with this attribute: its code is in a chunk if the name is.
const entryFiles = [...closure('index.html')].map((key) => manifest[key].file)
const echartsInEntry = entryFiles.some((file) =>
  readFileSync(`dist/client/${file}`, 'utf8').includes('_echarts_instance_'),
)
console.log(`  ECharts in the entry's chunks: ${echartsInEntry ? 'YES (it must load with the workplace only)' : 'no'}`)
