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
  /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core)[\\/]/,
  /[\\/]src[\\/]lib[\\/](api-client|cn|locale|permissions|query-client|redirect-target|request-errors|session|settings|store|theme|toast)\.ts$/,
  /[\\/]contract[\\/](api|roles|menu)\.ts$/,
  /[\\/]src[\\/]paraglide[\\/]runtime/,
  /[\\/]src[\\/]components[\\/](locale-switch|ui[\\/](button|input|label|form-field))\.tsx$/,
  /vite[\\/]preload-helper|rolldown[\\/]runtime/,
]

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`

export default defineConfig(({ command }) => ({
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
  build: {
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
            // Messages several chunks share travel together rather than as dozens of tiny files.
            { name: 'shared-messages', test: /[\\/]src[\\/]paraglide[\\/]messages[\\/]/, minShareCount: 2 },
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
