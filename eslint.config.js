import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import globals from 'globals'

/*
 * Import direction (STYLE.md): routes -> features -> components | lib -> contract; areas stay apart;
 * contract/ imports valibot and itself only. Enforced twice, so neither a spelling nor a missing file
 * slips through:
 * - by spelling (core `no-restricted-imports`, regular expressions): catches aliases, bare `src/…`
 *   paths (tsconfig's baseUrl) and `features/<other>` at any depth, even when the file does not exist;
 * - by resolved path (`import-x/no-restricted-paths`): catches every spelling of a file that exists,
 *   relative or aliased, in static imports, re-exports and dynamic `import()`.
 * Type-position `import('…')` is refused everywhere by `consistent-type-imports` (disallowTypeAnnotations).
 */
const ROOT = import.meta.dirname
const PLANNED_AREAS = ['auth', 'shell', 'markets', 'merchants', 'devices', 'dashboard', 'messages']
/** Every folder of src/features is an area, so a new area is fenced without editing this file. */
const AREAS = [
  ...new Set([
    ...PLANNED_AREAS,
    ...readdirSync(`${ROOT}/src/features`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name),
  ]),
]
const SOURCES = ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts']

/*
 * The server the same way: its kit (SERVER_KIT) imports no area; an area (every other folder of
 * server/ but cli) imports the kit, contract/, server/env.ts and another area only through that area's
 * `public.ts`. server/*.ts and server/cli compose the areas (createApp, main, commands) and may import
 * any of them.
 */
const SERVER_KIT = ['lib', 'db', 'middleware']
const SERVER_AREAS = readdirSync(`${ROOT}/server`, { withFileTypes: true })
  .filter((d) => d.isDirectory() && ![...SERVER_KIT, 'cli'].includes(d.name))
  .map((d) => d.name)

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } })
const MESSAGES = {
  features: 'Features never import each other: compose them in a route file.',
  belowRoutes: 'Features sit below routes.',
  belowFeatures: 'components and lib sit below features and routes.',
  serverTypes: 'src/ imports server/ only as types.',
  noConsole: 'server/ never imports the console (src/).',
  contract: 'contract/ imports valibot and nothing else.',
  serverKit: 'The server kit (server/lib, db, middleware) imports no area: an area passes in what it needs.',
  serverAreas: "A server area imports the kit, contract/ and another area's public.ts only.",
  apiDoc: 'A route documents its answer with apiDoc (server/lib/openapi.ts), not describeRoute.',
}
/** A path segment `name`, however it is reached: `@/name/…`, `../../name/…`, `name/…` (baseUrl). */
const segment = (name) => `(^|/)${name}(/|$)`
/** `server/…` (baseUrl) or `../…/server/…`; anchored, so `react-dom/server` (a package) passes. */
const serverTypesOnly = { regex: '^(\\.\\.?/)*server(/|$)', message: MESSAGES.serverTypes, allowTypeImports: true }
const serverNoConsole = { regex: `^@/|${segment('src')}`, message: MESSAGES.noConsole }
const onlyApiDoc = { regex: '^hono-openapi$', importNames: ['describeRoute'], message: MESSAGES.apiDoc }
const intoRoutes = { regex: segment('routes'), message: MESSAGES.belowRoutes }

/** contract/ is an allow-list: valibot, and sibling files spelt `./name` (no `..`, no alias, no folder). */
const contractAllowList = (extra) => ({
  regex: `^(?!(${['valibot', ...extra].map(escape).join('|')})$|\\./[\\w.-]+$)`,
  message: MESSAGES.contract,
})
const contractSyntax = [
  { selector: 'ImportExpression', message: `${MESSAGES.contract} (no dynamic import)` },
  { selector: "CallExpression[callee.name='require']", message: `${MESSAGES.contract} (no require)` },
  { selector: 'TSExternalModuleReference', message: `${MESSAGES.contract} (no import = require)` },
  { selector: 'TSImportType', message: `${MESSAGES.contract} (no import() types)` },
]

/** The same directions by resolved path (see the top comment). Zones are folders relative to ROOT. */
const zones = [
  ...AREAS.map((area) => ({
    target: `src/features/${area}`,
    from: 'src/features',
    except: [`./${area}`],
    message: MESSAGES.features,
  })),
  { target: 'src/features', from: 'src/routes', message: MESSAGES.belowRoutes },
  { target: ['src/lib', 'src/components'], from: ['src/features', 'src/routes'], message: MESSAGES.belowFeatures },
  { target: 'server', from: 'src', message: MESSAGES.noConsole },
  { target: 'contract', from: ['src', 'server', 'tests', 'scripts', 'bench'], message: MESSAGES.contract },
  {
    target: SERVER_KIT.map((kit) => `server/${kit}`),
    from: 'server',
    except: SERVER_KIT.map((kit) => `./${kit}`),
    message: MESSAGES.serverKit,
  },
  ...SERVER_AREAS.map((area) => ({
    target: `server/${area}`,
    from: 'server',
    except: [
      `./${area}`,
      ...SERVER_KIT.map((kit) => `./${kit}`),
      './env.ts',
      ...SERVER_AREAS.filter((other) => other !== area).map((other) => `./${other}/public.ts`),
    ],
    message: MESSAGES.serverAreas,
  })),
]

/** TanStack's recommended rules as errors: a warning nobody reads is not a rule. */
const asErrors = (configs) =>
  configs.map((config) => ({
    ...config,
    files: ['src/**/*.{ts,tsx}'],
    rules: Object.fromEntries(Object.keys(config.rules).map((rule) => [rule, 'error'])),
  }))

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/paraglide/**',
      'src/routeTree.gen.ts',
      'src/lib/class-groups.gen.ts',
      '.tmp/**',
      'data/**',
      'coverage/**',
      'storybook-static/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...asErrors(pluginQuery.configs['flat/recommended']),
  // STYLE.md: loaders and components share one queryOptions, never an inline { queryKey, queryFn }.
  { files: ['src/**/*.{ts,tsx}'], rules: { '@tanstack/query/prefer-query-options': 'error' } },
  ...asErrors(pluginRouter.configs['flat/recommended']),
  {
    files: SOURCES,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: `${ROOT}/tsconfig.json` },
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }],
      // Type-only imports are not cycles (they vanish at runtime). Its cost is parsing the modules it
      // follows, not their depth: ignoreExternal keeps it out of node_modules (12 s -> 2 s of lint time);
      // 10 levels is deeper than routes -> features -> components -> lib -> contract ever chains.
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 10 }],
    },
  },
  restrict(['server/**'], [serverNoConsole]),
  restrict(['contract/**'], [contractAllowList([])]),
  restrict(['contract/**/*.test.ts'], [contractAllowList(['vitest'])]),
  { files: ['contract/**'], rules: { 'no-restricted-syntax': ['error', ...contractSyntax] } },
  restrict(
    ['src/lib/**', 'src/components/**'],
    [{ regex: segment('(features|routes)'), message: MESSAGES.belowFeatures }, serverTypesOnly],
  ),
  ...AREAS.flatMap((area) => {
    const otherFeature = { regex: segment(`features/(?!${escape(area)}(/|$))[^/]+`), message: MESSAGES.features }
    // `../other/…` climbs out of the area: from a file `depth` folders below src/features/<area>/.
    const climbOut = (depth) => ({
      regex: `^(\\.\\./){${depth}}(?!${escape(area)}(/|$)|\\.\\.(/|$))`,
      message: MESSAGES.features,
    })
    const patterns = [otherFeature, intoRoutes, serverTypesOnly]
    return [
      restrict([`src/features/${area}/**`], patterns),
      ...[1, 2, 3, 4].map((depth) =>
        restrict([`src/features/${area}/${'*/'.repeat(depth - 1)}*`], [climbOut(depth), ...patterns]),
      ),
    ]
  }),
  restrict(['src/routes/**', 'src/*.{ts,tsx}'], [serverTypesOnly]),
  ...serverRules(),
)

/**
 * The server's directions by spelling (the resolved-path zones above hold them for files that exist):
 * `../other/…` climbing out of a kit folder or an area, and `server/other/…` (tsconfig's baseUrl).
 */
function serverRules() {
  const names = (list) => list.map(escape).join('|')
  /** From a file `depth` folders below server/<folder>/: `../` that many times, then a folder not allowed. */
  const climbOut = (depth, allowed, rest, message) => ({
    regex: `^(\\.\\./){${depth}}(?!(${names(allowed)}|\\.\\.)(/|$))[^/]+${rest}`,
    message,
  })
  const byBaseUrl = (allowed, rest, message) => ({
    regex: `(^|/)server/(?!(${names(allowed)})/)[^/]+${rest}`,
    message,
  })
  const depths = [1, 2, 3]
  const kit = {
    files: (depth) => SERVER_KIT.map((folder) => `server/${folder}/${'*/'.repeat(depth - 1)}*`),
    // Anything outside the kit, be it an area folder or a file of server/ (app, env).
    rest: '(/|$)',
    message: MESSAGES.serverKit,
  }
  const kitRules = depths.map((depth) =>
    restrict(kit.files(depth), [
      climbOut(depth, SERVER_KIT, kit.rest, kit.message),
      byBaseUrl(SERVER_KIT, kit.rest, kit.message),
      serverNoConsole,
    ]),
  )
  // Into another folder, but not its public.ts; server/env.ts (no folder) stays allowed. Each block
  // repeats serverNoConsole: a later block's patterns replace an earlier one's for the same file.
  const intoInternals = '/(?!public(\\.ts)?$)'
  const areaRules = SERVER_AREAS.flatMap((area) =>
    depths.map((depth) =>
      restrict(
        [`server/${area}/${'*/'.repeat(depth - 1)}*`],
        [
          climbOut(depth, [area, ...SERVER_KIT], intoInternals, MESSAGES.serverAreas),
          byBaseUrl([area, ...SERVER_KIT], intoInternals, MESSAGES.serverAreas),
          serverNoConsole,
          onlyApiDoc,
        ],
      ),
    ),
  )
  return [...kitRules, ...areaRules]
}
