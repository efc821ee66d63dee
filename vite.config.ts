import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { paraglideVitePlugin } from '@inlang/paraglide-js'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { classGroupsPlugin } from './scripts/class-groups.mjs'
import { paraglideOptions } from './scripts/paraglide-options.mjs'

// What the first page needs whatever it is, bundled as one chunk: fewer requests on the first visit
// (issue 2's budget counts every byte, headers included). Pages and lazily used libraries stay split.
const FRAMEWORK = [
  /node_modules[\\/](react|react-dom|scheduler|clsx|class-variance-authority|tiny-invariant|tiny-warning|cookie-es|seroval|use-sync-external-store|valibot)[\\/]/,
  /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
  /[\\/]src[\\/]lib[\\/](api-client|class-groups\.gen|class-merge|cn|early-requests|locale|permissions|query-client-lazy|redirect-target|request-errors|session|settings|store|theme|toast)\.ts$/,
  /[\\/]contract[\\/](api|roles|menu)\.ts$/,
  /[\\/]src[\\/]paraglide[\\/]runtime/,
  /[\\/]src[\\/]components[\\/](locale-switch|ui[\\/](button|input|label|form-field))\.tsx$/,
  /vite[\\/]preload-helper|rolldown[\\/]runtime/,
]

const MESSAGE_MODULE = /[\\/]src[\\/]paraglide[\\/]messages[\\/](\w+)\.js$/
/** What the first visit loads: the app's entry and the sign-in page's own chunk. */
const FIRST_PAGE_ROOTS = [
  fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
  `${fileURLToPath(new URL('./src/routes/login.tsx', import.meta.url))}?tsr-split=component`,
]

type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { code: string | null; importedIds: readonly string[]; dynamicImporters: readonly string[] } | null
}
const firstPageKeysByGraph = new WeakMap<ModuleGraph, Set<string>>()

/**
 * The message keys the first visit's code uses (`m.key`), from the modules it imports statically. Every
 * module imports all messages through paraglide's index, so the import graph alone cannot tell.
 */
function firstPageMessageKeys(graph: ModuleGraph): Set<string> {
  const cached = firstPageKeysByGraph.get(graph)
  if (cached) return cached
  const keys = messageKeysOf(graph, closureOf(graph, FIRST_PAGE_ROOTS, isOurCode))
  firstPageKeysByGraph.set(graph, keys)
  return keys
}

const isOurCode = (id: string) => !id.includes('node_modules') && !id.includes('/src/paraglide/')

/** The message keys (`m.key`) the code of `modules` uses. */
function messageKeysOf(graph: ModuleGraph, modules: Iterable<string>): Set<string> {
  const keys = new Set<string>()
  for (const id of modules) {
    if (!isOurCode(id)) continue
    for (const match of graph.getModuleInfo(id)?.code?.matchAll(/\bm\.(\w+)/g) ?? []) keys.add(match[1] as string)
  }
  return keys
}

const routeComponent = (file: string) =>
  `${fileURLToPath(new URL(`./src/routes/${file}`, import.meta.url))}?tsr-split=component`
/** The console's layout: every signed-in page loads it, with all it imports statically. */
const CONSOLE_ROOT = routeComponent('_console.tsx')
/** What runs outside the console: the entry, and the pages and root layout drawn without a session. */
const OUTSIDE_ROOTS = [
  fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
  ...['__root.tsx', 'login.tsx', 'not-found.tsx', '$.tsx', 'index.tsx'].map(routeComponent),
]

/**
 * Libraries the entry's own modules call at run time beyond the framework: the route files' queries
 * are built with TanStack Query's `queryOptions`.
 */
const SHARED_WITH_ENTRY = /node_modules[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]queryOptions\.js$/

/**
 * A route module the router loads by `import()` keeps a chunk of its own: grouped without its
 * dependencies, its namespace went missing (the console's route chunk failed with "Export
 * '_console_exports' is not defined").
 */
const loadedByImport = (graph: ModuleGraph, id: string) => (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0

/**
 * Packages whose index re-exports every part (`import { Slot } from 'radix-ui'`): the graph shows the
 * index importing all of them, used or not. Followed, every Radix primitive looked statically imported
 * by the console, and the groups below put menus, popovers and dialogs its pages load on first use into
 * the console's chunk (issue 24). Not followed, the parts are left to the bundler, which puts each
 * with the chunks that use it.
 */
const BARREL = /node_modules[\\/]radix-ui[\\/]/

/** Every module `roots` import statically, the roots included (only through those `follow` allows; never through a barrel). */
function closureOf(graph: ModuleGraph, roots: readonly string[], follow = (_id: string) => true): Set<string> {
  const seen = new Set<string>()
  const queue = [...roots]
  while (queue.length > 0) {
    const id = queue.pop() as string
    if (seen.has(id) || !follow(id)) continue
    seen.add(id)
    if (BARREL.test(id)) continue
    const info = graph.getModuleInfo(id)
    queue.push(...(info?.importedIds ?? []))
  }
  return seen
}

/** The lists (an area's index page and the merchant's statement of days). */
const LIST_ROOTS = ['audit', 'device', 'market', 'merchant', 'statement', 'transaction']
  .map((area) => routeComponent(`_console/${area}/index.tsx`))
  .concat(routeComponent('_console/statement/merchant/$merchantId.tsx'))

/** The console's other pages (records, forms, the Workplace...), which must not load the list kit. */
function consolePages(dir = 'src/routes/_console'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`
    if (entry.isDirectory()) return entry.name.startsWith('-') ? [] : consolePages(file)
    return entry.name.endsWith('.tsx') ? [routeComponent(file.slice('src/routes/'.length))] : []
  })
}

const consoleModulesByGraph = new WeakMap<ModuleGraph, Set<string>>()
const listModulesByGraph = new WeakMap<ModuleGraph, Set<string>>()

/**
 * The modules the console's layout imports statically that nothing outside the console imports
 * statically (the entry, the sign-in and not-found pages, the root layout): every signed-in page
 * loads all of them at once anyway, so they travel as one chunk instead of ~25 files of a few hundred
 * bytes each, every one paying its response headers (issue 24: lists weigh half the peers').
 */
function consoleModules(graph: ModuleGraph): Set<string> {
  const cached = consoleModulesByGraph.get(graph)
  if (cached) return cached
  // Their static imports reach most libraries through the route files, which use few of them at run
  // time (the framework's are grouped above): only our own modules count as outside.
  const outside = new Set(
    [...closureOf(graph, OUTSIDE_ROOTS)].filter((id) => !id.includes('node_modules') || SHARED_WITH_ENTRY.test(id)),
  )
  // The layout's route module stays in its own chunk (the router loads it by import). Others loaded by
  // import too join the group (the tab store, which logout loads): kept apart, the tab store's chunk
  // imported the console's and the console's imported it, a cycle.
  const modules = new Set([...closureOf(graph, [CONSOLE_ROOT])].filter((id) => id !== CONSOLE_ROOT && !outside.has(id)))
  consoleModulesByGraph.set(graph, modules)
  return modules
}

const consoleKeysByGraph = new WeakMap<ModuleGraph, Set<string>>()

/**
 * The messages the console's own modules use, beyond the first page's: they travel in the console's
 * chunk. Left to the bundler, a message only the console uses lands in the console's route chunk,
 * which imports the console chunk: a cycle, and whichever ran first read the other's messages as
 * undefined (a tab's menu would not open after a reload).
 */
function consoleMessageKeys(graph: ModuleGraph): Set<string> {
  const cached = consoleKeysByGraph.get(graph)
  if (cached) return cached
  const firstPage = firstPageMessageKeys(graph)
  const keys = new Set([...messageKeysOf(graph, consoleModules(graph))].filter((key) => !firstPage.has(key)))
  consoleKeysByGraph.set(graph, keys)
  return keys
}

/**
 * The list kit: what every list imports statically beyond the console (the table, its filters and
 * pagination, the row menus), as one chunk instead of a dozen small ones. Only what all lists share
 * and no other page imports: a list never loads another's code, nor a form or record the table's.
 */
function listModules(graph: ModuleGraph): Set<string> {
  const cached = listModulesByGraph.get(graph)
  if (cached) return cached
  const [first, ...others] = LIST_ROOTS.map((root) => closureOf(graph, [root]))
  const console = consoleModules(graph)
  const outside = closureOf(graph, [...OUTSIDE_ROOTS, ...consolePages().filter((page) => !LIST_ROOTS.includes(page))])
  const modules = new Set(
    [...(first ?? [])].filter(
      (id) =>
        !loadedByImport(graph, id) && !console.has(id) && !outside.has(id) && others.every((other) => other.has(id)),
    ),
  )
  listModulesByGraph.set(graph, modules)
  return modules
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`

/**
 * The prerender build (`vite build --ssr src/prerender/entry.tsx`, scripts/prerender.mjs): the same
 * components, bundled for Node with the BROWSER builds of the libraries, so TanStack Router renders
 * exactly what its first client render draws (its server build adds SSR-only markup the client
 * would not hydrate without SSR data). Everything is bundled: nothing is resolved at run time.
 */
const PRERENDER_BUILD = {
  outDir: 'dist/prerender',
  emptyOutDir: true,
  target: 'node20',
  reportCompressedSize: false,
  copyPublicDir: false,
  rolldownOptions: { output: { entryFileNames: 'entry.js' } },
}

export default defineConfig(({ command, isSsrBuild }) => ({
  ...(isSsrBuild
    ? { ssr: { noExternal: true, resolve: { conditions: ['browser'], externalConditions: ['browser'] } } }
    : {}),
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single', semicolons: false }),
    react(),
    tailwindcss(),
    // Builds compile messages with the CLI step first (the compiler keeps a process alive otherwise).
    ...(command === 'serve' ? [paraglideVitePlugin(paraglideOptions), classGroupsPlugin()] : []),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  build: isSsrBuild
    ? PRERENDER_BUILD
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        target: 'es2022',
        reportCompressedSize: false,
        // Read by bench/chunks.mjs to find each page's own chunk.
        manifest: 'manifest.json',
        rolldownOptions: {
          output: {
            // The framework every page needs, in one chunk: fewer requests on the first visit (issue 2's
            // budget counts every byte, headers included). Page code and lazily used libraries stay split.
            codeSplitting: {
              groups: [
                { name: 'framework', test: (id: string) => FRAMEWORK.some((pattern) => pattern.test(id)) },
                // Messages several chunks share travel together rather than as dozens of tiny files, in two
                // bundles: those the sign-in page needs, and the console's (which the first visit never loads).
                {
                  name: (id: string, graph: ModuleGraph) => {
                    const key = MESSAGE_MODULE.exec(id)?.[1]
                    if (!key) return null
                    if (firstPageMessageKeys(graph).has(key)) return 'first-page-messages'
                    return consoleMessageKeys(graph).has(key) ? null : 'shared-messages'
                  },
                  minShareCount: 2,
                },
                {
                  name: (id: string, graph: ModuleGraph) => {
                    const key = MESSAGE_MODULE.exec(id)?.[1]
                    const ours = key ? consoleMessageKeys(graph).has(key) : consoleModules(graph).has(id)
                    return ours ? 'console' : null
                  },
                  // Only those: their imports from outside the console stay where they are (the entry).
                  includeDependenciesRecursively: false,
                },
                {
                  name: (id: string, graph: ModuleGraph) => (listModules(graph).has(id) ? 'list-kit' : null),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget },
  },
}))
