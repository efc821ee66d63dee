import { describe, expect, it } from 'vitest'
import { chunkCycles, exitCodeOf, layoutsOf, weighRoutes } from '../../bench/chunks.mjs'

// A small build: the entry (framework), the console layout with its query client loaded at once, two
// pages under it, and a dialog one page loads only on first use.
const manifest = {
  'index.html': { file: 'assets/index.js', css: ['assets/index.css'], imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework.js' },
  'src/routes/_console.tsx?tsr-split=component': { file: 'assets/console.js', imports: ['_framework.js'] },
  'src/lib/query-client.ts': { file: 'assets/query-client.js', imports: ['_framework.js'] },
  'src/routes/_console/market/index.tsx?tsr-split=component': {
    file: 'assets/market.js',
    imports: ['_framework.js', '_table.js'],
    dynamicImports: ['src/components/dialog.tsx'],
  },
  '_table.js': { file: 'assets/table.js' },
  'src/components/dialog.tsx': { file: 'assets/dialog.js' },
  'src/routes/_console/market/register.tsx?tsr-split=component': { file: 'assets/register.js' },
}
const KIB = 1024
const sizes: Record<string, number> = {
  'assets/index.js': 10 * KIB,
  'assets/index.css': 5 * KIB,
  'assets/framework.js': 85 * KIB,
  'assets/console.js': 20 * KIB,
  'assets/query-client.js': 5 * KIB,
  'assets/market.js': 4 * KIB,
  'assets/table.js': 11 * KIB,
  'assets/dialog.js': 30 * KIB,
  'assets/register.js': 1 * KIB,
}
const routes = [
  'src/routes/__root.tsx',
  'src/routes/_console.tsx',
  'src/routes/_console/market/index.tsx',
  'src/routes/_console/market/register.tsx',
]
const sources: Record<string, string> = {
  'src/routes/_console/market/index.tsx': "loader: async () => { await import('@/features/markets/queries') }",
}
const rules = [
  { name: 'list', test: /market\/index\.tsx$/, own: 40, total: 141 },
  { name: 'page', test: /^src\/routes\//, own: 30, total: 131 },
]
type RouteWeight = { route: string; ownKib: number; totalKib: number; ownFiles: string[]; over: boolean }
const weigh = (sizeOf: (file: string) => number, only = rules): RouteWeight[] =>
  weighRoutes({ manifest, routes, rules: only, sourceOf: (file: string) => sources[file] ?? '', sizeOf })

describe('bench/chunks.mjs route budgets', () => {
  it('finds the layouts above a route', () => {
    expect(layoutsOf('src/routes/_console/market/index.tsx', routes)).toEqual([
      'src/routes/__root.tsx',
      'src/routes/_console.tsx',
    ])
  })

  it('counts a route’s own files (its layouts’ too, and what they load at once) beside the shared entry, not what loads on first use', () => {
    const market = weigh((file) => sizes[file] ?? 0).find((row) => row.route.endsWith('market/index.tsx'))!
    // console 20 + query client 5 + market 4 + table 11; the dialog (30) loads on first use.
    expect(market.ownKib).toBe(40)
    expect(market.totalKib).toBe(140)
    expect(market.ownFiles.sort()).toEqual([
      'assets/console.js',
      'assets/market.js',
      'assets/query-client.js',
      'assets/table.js',
    ])
    expect(market.over).toBe(false)
  })

  it('fails when a route’s first visit grows past its budget', () => {
    // The table grows by 2 KiB: the list is over its 40 KiB of its own.
    const rows = weigh((file) => (file === 'assets/table.js' ? 13 * KIB : (sizes[file] ?? 0)))
    expect(rows.filter((row) => row.over).map((row) => row.route)).toEqual(['src/routes/_console/market/index.tsx'])
    expect(exitCodeOf(rows)).toBe(1)
    // The register page's own chunk grows to 10 KiB: over the page rule's 30 with the layout's 25.
    expect(exitCodeOf(weigh((file) => (file === 'assets/register.js' ? 10 * KIB : (sizes[file] ?? 0))))).toBe(1)
    expect(exitCodeOf(weigh((file) => sizes[file] ?? 0))).toBe(0)
  })

  it('refuses a route no rule covers', () => {
    expect(
      exitCodeOf(weigh((file) => sizes[file] ?? 0, [{ name: 'list', test: /index\.tsx$/, own: 70, total: 200 }])),
    ).toBe(2)
  })

  it('finds no cycle in an acyclic build, and names each chunk of one that imports back', () => {
    expect(chunkCycles(manifest)).toEqual([])
    const cyclic = {
      ...manifest,
      '_table.js': { file: 'assets/table.js', imports: ['src/routes/_console/market/index.tsx?tsr-split=component'] },
    }
    expect(chunkCycles(cyclic)).toEqual([
      [
        'src/routes/_console/market/index.tsx?tsr-split=component',
        '_table.js',
        'src/routes/_console/market/index.tsx?tsr-split=component',
      ],
    ])
  })
})
