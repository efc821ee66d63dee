import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { paraglideVitePlugin } from '@inlang/paraglide-js'
import { fileURLToPath } from 'node:url'
import { paraglideOptions } from './scripts/paraglide-options.mjs'

// What the first page needs whatever it is, bundled as one chunk: fewer requests on the first visit
// (issue 2's budget counts every byte, headers included). Pages and lazily used libraries stay split.
const FRAMEWORK = [
  /node_modules[\\/](react|react-dom|scheduler|tailwind-merge|clsx|class-variance-authority|tiny-invariant|tiny-warning|cookie-es|seroval|use-sync-external-store|valibot)[\\/]/,
  /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
  /[\\/]src[\\/]lib[\\/](api-client|cn|early-requests|locale|permissions|query-client-lazy|redirect-target|request-errors|session|settings|store|theme|toast)\.ts$/,
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

type ModuleGraph = { getModuleInfo(id: string): { code: string | null; importedIds: readonly string[] } | null }
const firstPageKeysByGraph = new WeakMap<ModuleGraph, Set<string>>()

/**
 * The message keys the first visit's code uses (`m.key`), from the modules it imports statically. Every
 * module imports all messages through paraglide's index, so the import graph alone cannot tell.
 */
function firstPageMessageKeys(graph: ModuleGraph): Set<string> {
  const cached = firstPageKeysByGraph.get(graph)
  if (cached) return cached
  const keys = new Set<string>()
  const seen = new Set<string>()
  const queue = [...FIRST_PAGE_ROOTS]
  while (queue.length > 0) {
    const id = queue.pop() as string
    if (seen.has(id) || id.includes('node_modules') || id.includes('/src/paraglide/')) continue
    seen.add(id)
    const info = graph.getModuleInfo(id)
    for (const match of info?.code?.matchAll(/\bm\.(\w+)/g) ?? []) keys.add(match[1] as string)
    queue.push(...(info?.importedIds ?? []))
  }
  firstPageKeysByGraph.set(graph, keys)
  return keys
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
    ...(command === 'serve' ? [paraglideVitePlugin(paraglideOptions)] : []),
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
                    return firstPageMessageKeys(graph).has(key) ? 'first-page-messages' : 'shared-messages'
                  },
                  minShareCount: 2,
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
