// What each page's first visit fetches, from the production build's manifest (run `npm run build`
// first), against a budget per route (issue 24: "bench/chunks.mjs fails loudly when a route's first visit
// grows past its budget"). Exits 1 when any route is over, 2 when a route has no budget rule.
//
// A route's first visit loads the entry (index.html's scripts and CSS: the framework, the router, the
// route tree), then the component chunks of the route and of every layout above it, with everything
// they import statically, and what they load at once by `import()`: what a route file's loader or
// layout asks for as it runs (read from the route files' source) and the few modules named in AT_ONCE.
// Sizes are brotli (what the server sends a browser; gzip is printed beside it), in KiB.
// Two budgets per route: its own files (beyond the shared entry) and the whole cold visit (the entry,
// index.html and its own files). Every route in src/routes has one: a route without its own line
// takes its kind's (RULES), so a new area inherits the rule of its list, record or form pages.
//
// Not counted: API answers and the favicon (bench/list-pages.mjs measures whole loads in Chromium),
// and what a page loads on first use (dialogs, menus, the export) or as it scrolls.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * Budgets in KiB of brotli: `own` is what the route adds to the shared entry, `total` the whole cold
 * visit. The first rule whose pattern matches a route's file decides; the last matches every route.
 * Figures measured with this script are in docs/performance.md; a budget is the figure plus a little
 * room, so a page that grows by a dialog or a library on its first paint is caught.
 */
export const RULES = [
  // The sign-in page: issue 2's 120 KB first visit (bench/login-page.mjs weighs it in Chromium: 116.0
  // KiB of files on 2026-11-27). 125: the entry names every lazily loaded chunk (Vite's preload map), and
  // the shell's menus and popovers loading on first use added ~25 of them (+0.3 KiB); the licences'
  // states, kinds and filter words joined the shared entry (+0.3 KiB). 126 (2026-11-29: 125.2): the entry
  // carries what a frame's visitor typed or chose across the takeover (selects, the focus, the filters'
  // hook) and the sign-in's hydration fix (+0.4 KiB); the 120 KB of fetched files still holds.
  { name: 'sign-in', test: /^src\/routes\/login\.tsx$/, own: 6, total: 126 },
  // The Workplace before scrolling (issue 24 §3): its figures and its first screen's own SVG charts;
  // ECharts loads as a chart scrolls into view and is not counted (2026-11-27: 92.6 / 211.2; 55.0 / 175.0
  // once the shell's Radix menus, popovers and tooltip load on first use).
  { name: 'workplace', test: /^src\/routes\/_console\/dashboard\/workplace\.tsx$/, own: 58, total: 178 },
  // Pages at an area's index that are not lists: the Workplace's redirect and the System page.
  // 2026-11-27 with the shell's menus on first use: 40.8–47.0 / 160.8–167.0.
  { name: 'page', test: /^src\/routes\/_console\/(dashboard|system)\/index\.tsx$/, own: 50, total: 170 },
  // A list (an area's index page): the table, its filters and pagination; dialogs, menus, forms and secrets load on first use.
  // Measured 2026-11-27 with the console and list-kit chunks (vite.config.ts): 99.7–104.9 own, 218.0–223.2 total;
  // then 226.3–227.4 once the pesticide tests' and complaints' routes and list searches joined the shared
  // entry (+~1 KiB each area). 228 stays under half of shadcn-admin's /users (493.7 KiB). Then 70.6–75.3 /
  // 190.5–195.2 once the shell's menus, a row's menu, its confirm step and the columns' popover load on
  // first use (no Radix on a list's first paint). 199 (2026-11-29: the transactions 198.1): the shared entry's
  // +0.4 KiB above, for what is chosen in a list's frame before its code runs (paintFirst).
  { name: 'list', test: /^src\/routes\/_console\/[\w-]+\/index\.tsx$/, own: 78, total: 199 },
  // A merchant's statement: a table of days (a list with no index of its own).
  { name: 'list', test: /^src\/routes\/_console\/statement\/merchant\/\$merchantId\.tsx$/, own: 78, total: 199 },
  // A record's page: its details and its actions' buttons; confirm steps and secrets load on first use.
  // 2026-11-27 with the shell's menus and the confirm step on first use: 45.1–47.9 / 164.9–167.8.
  { name: 'record', test: /^src\/routes\/_console\/[\w-]+\/\$\w+Id\.tsx$/, own: 51, total: 171 },
  // A form: the form kit comes with the page. Its total follows the shared entry, which every area's
  // routes grow (complaints' three added 0.8 KiB to it and 0.4 to the console's shared messages).
  // 2026-11-27 with the shell's menus on first use: 76.7–79.8 / 196.8–199.9; then the merchant's and
  // market's forms took their licences' sections (issue 26 §1): the merchant's register page 82.6 / 203.1.
  // 205 (2026-11-29: 204.0–204.1, the edge moved by a build's chunk names alone): the shared entry's
  // +0.4 KiB for what a frame's visitor typed, chose or pressed before the takeover.
  { name: 'form', test: /^src\/routes\/_console\/[\w-]+\/(register|edit)\.tsx$/, own: 84, total: 205 },
  // Every other page: the console's frame and a small page (System, errors, redirects), or the sign-in
  // page's entry alone (the root, the catch-all). 2026-11-27: at most 47.3 / 167.4 (the statement's print).
  { name: 'page', test: /^src\/routes\//, own: 50, total: 170 },
]

/**
 * Dynamic imports a route's first paint makes from modules other than its route file, by source path
 * (or a pattern over manifest keys): the console layout makes its query client as it loads
 * (src/lib/query-client-lazy.ts). The Workplace's first screen draws its own SVG charts (in its
 * chunks); ECharts' engine (src/components/charts/engine.ts) loads when a chart scrolls into view, so
 * it is not counted: the budget is what a cold load fetches before the user scrolls.
 */
export const AT_ONCE = [{ route: /^src\/routes\/_console\.tsx$/, modules: [/^src\/lib\/query-client\.ts$/] }]

/** Every route file under `root` (TanStack Router's file routes; `-` names are left out, as the router does). */
export function routeFiles(root = 'src/routes') {
  const found = []
  for (const name of readdirSync(root)) {
    const full = path.posix.join(root, name)
    if (name.startsWith('-')) continue
    if (statSync(full).isDirectory()) found.push(...routeFiles(full))
    else if (/\.tsx$/.test(name)) found.push(full)
  }
  return found.sort()
}

/** The layouts above a route file: `src/routes/_console/market/index.tsx` has `__root.tsx` and `_console.tsx`. */
export function layoutsOf(route, routes) {
  const known = new Set(routes)
  const parts = route.split('/').slice(2, -1) // below src/routes, without the file's own name
  const layouts = ['src/routes/__root.tsx']
  for (let i = 1; i <= parts.length; i++) layouts.push(`src/routes/${parts.slice(0, i).join('/')}.tsx`)
  return layouts.filter((layout) => layout !== route && known.has(layout))
}

/** Every manifest key `key` imports statically, itself included. */
export function closure(manifest, key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into
  into.add(key)
  for (const dependency of manifest[key].imports ?? []) closure(manifest, dependency, into)
  return into
}

const SOURCE_EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/** The manifest keys of the modules a route file `import()`s (aliases resolved); merged ones are found elsewhere. */
export function dynamicImportsOf(source, manifest) {
  const keys = []
  for (const [, specifier] of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const base = specifier.replace(/^@\//, 'src/').replace(/^@contract\//, 'contract/')
    const key = SOURCE_EXTENSIONS.map((extension) => base + extension).find((candidate) => manifest[candidate])
    if (key) keys.push(key)
  }
  return keys
}

/**
 * The manifest keys a first visit to `route` loads beyond the entry, and the entry's own keys.
 * `sourceOf(file)` answers a route file's source (for its `import()`s).
 */
export function firstVisit(manifest, route, routes, sourceOf) {
  const entry = closure(manifest, 'index.html')
  const keys = new Set()
  for (const file of [...layoutsOf(route, routes), route]) {
    closure(manifest, `${file}?tsr-split=component`, keys)
    for (const key of dynamicImportsOf(sourceOf(file), manifest)) closure(manifest, key, keys)
    for (const rule of AT_ONCE.filter((rule) => rule.route.test(file)))
      for (const key of Object.keys(manifest))
        if (rule.modules.some((module) => module.test(key))) closure(manifest, key, keys)
  }
  const own = [...keys].filter((key) => !entry.has(key))
  return { entry: [...entry], own }
}

/** The files (JavaScript and CSS) of manifest keys, each once. */
export function filesOf(manifest, keys) {
  const files = new Set()
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk) continue
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
  }
  return [...files]
}

export const ruleFor = (route, rules = RULES) => rules.find((rule) => rule.test.test(route))

/**
 * Each route's weight beside its budget. `sizeOf(file)` answers a built file's size in bytes (brotli),
 * `htmlBytes` the page's HTML. A row is over when either figure passes its budget.
 */
export function weighRoutes({ manifest, routes, sourceOf, sizeOf, htmlBytes = 0, rules = RULES }) {
  return routes.map((route) => {
    const visit = firstVisit(manifest, route, routes, sourceOf)
    const entryFiles = filesOf(manifest, visit.entry)
    const ownFiles = filesOf(manifest, visit.own).filter((file) => !entryFiles.includes(file))
    const sum = (files) => files.reduce((total, file) => total + sizeOf(file), 0)
    const ownKib = sum(ownFiles) / 1024
    const totalKib = (sum(entryFiles) + sum(ownFiles) + htmlBytes) / 1024
    const rule = ruleFor(route, rules)
    const over = rule ? ownKib > rule.own || totalKib > rule.total : false
    return { route, rule: rule?.name ?? null, budget: rule ?? null, ownKib, totalKib, ownFiles, over }
  })
}

/** The exit code for a set of rows: 2 when a route has no rule, 1 when one is over, else 0. */
export const exitCodeOf = (rows) => (rows.some((row) => !row.budget) ? 2 : rows.some((row) => row.over) ? 1 : 0)

/**
 * The cycles among the chunks' static imports, each as the manifest keys it passes through: a chunk
 * that imports one that imports it back runs first whichever the page asked for, and reads what the
 * other has not defined yet (a grouped chunk once read its messages as undefined: no tab menu).
 */
export function chunkCycles(manifest) {
  const state = new Map()
  const cycles = []
  const visit = (key, path) => {
    if (state.get(key) === 'done') return
    if (state.get(key) === 'open') {
      cycles.push([...path.slice(path.indexOf(key)), key])
      return
    }
    state.set(key, 'open')
    for (const next of manifest[key]?.imports ?? []) visit(next, [...path, key])
    state.set(key, 'done')
  }
  for (const key of Object.keys(manifest)) visit(key, [])
  return cycles
}

const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length

function main() {
  const dir = 'dist/client'
  const manifest = JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8'))
  const sizes = new Map()
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, brotli(readFileSync(`${dir}/${file}`)))
    return sizes.get(file)
  }
  const gzipOf = (file) => gzipSync(readFileSync(`${dir}/${file}`), { level: 9 }).length
  const routes = routeFiles()
  const html = existsSync(`${dir}/index.html`) ? brotli(readFileSync(`${dir}/index.html`)) : 0
  const rows = weighRoutes({
    manifest,
    routes,
    sourceOf: (file) => readFileSync(file, 'utf8'),
    sizeOf,
    htmlBytes: html,
  })

  const entryKib =
    filesOf(manifest, closure(manifest, 'index.html')).reduce((sum, file) => sum + sizeOf(file), 0) / 1024
  console.log(
    `First visit to each route, KiB brotli (the shared entry: ${entryKib.toFixed(1)} KiB, index.html ${(html / 1024).toFixed(1)} KiB)`,
  )
  console.log('    own  budget    total  budget  route')
  for (const row of rows) {
    const budget = row.budget
    const verdict = !budget ? 'NO BUDGET' : row.over ? 'OVER BUDGET' : 'OK'
    console.log(
      `  ${row.ownKib.toFixed(1).padStart(5)}  <= ${String(budget?.own ?? '-').padStart(3)}   ${row.totalKib.toFixed(1).padStart(6)}  <= ${String(budget?.total ?? '-').padStart(3)}  ${row.route} (${row.rule ?? 'no rule'}) ${verdict}`,
    )
  }
  if (process.argv.includes('--files'))
    for (const row of rows) {
      console.log(`\n${row.route}: its own files`)
      for (const file of [...row.ownFiles].sort((a, b) => sizeOf(b) - sizeOf(a)))
        console.log(
          `  ${(sizeOf(file) / 1024).toFixed(1).padStart(6)} KiB  ${file} (gzip ${(gzipOf(file) / 1024).toFixed(1)})`,
        )
    }

  // ECharts marks its charts' elements with this attribute: its code is in a chunk if the name is.
  const entryFiles = filesOf(manifest, closure(manifest, 'index.html'))
  const echartsInEntry = entryFiles.some(
    (file) => file.endsWith('.js') && readFileSync(`${dir}/${file}`, 'utf8').includes('_echarts_instance_'),
  )
  console.log(
    `\nECharts in the entry's chunks: ${echartsInEntry ? 'YES (it must load with the workplace only)' : 'no'}`,
  )

  const cycles = chunkCycles(manifest)
  console.log(`Import cycles among chunks: ${cycles.length === 0 ? 'none' : ''}`)
  for (const cycle of cycles) console.log(`  ${cycle.map((key) => manifest[key]?.file ?? key).join(' -> ')}`)

  if (cycles.length > 0)
    console.error(
      '\nCHUNK CYCLE: chunks import each other. Group a module with what it imports (vite.config.ts codeSplitting), or leave it out of the group.',
    )
  if (echartsInEntry || cycles.length > 0) {
    process.exitCode = 1
    return
  }
  const code = exitCodeOf(rows)
  if (code !== 0)
    console.error(
      code === 2
        ? '\nA route has no budget: add a rule for it in bench/chunks.mjs'
        : "\nOVER BUDGET: a route's first visit grew past its budget. Load on first use what its first paint does not need (docs/performance.md), or raise the budget with the reason in the commit.",
    )
  process.exitCode = code
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
