import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const AREAS = ['auth', 'shell', 'markets', 'merchants', 'devices', 'dashboard', 'messages']

/** Import direction (STYLE.md): routes -> features -> components | lib -> contract; areas stay apart. */
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } })
const srcRoot = ['**/server/**', '../server/**']

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/paraglide/**', 'src/routeTree.gen.ts', '.tmp/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  restrict(['server/**'], [{ group: ['**/src/**', '@/*'], message: 'server/ never imports the console (src/).' }]),
  restrict(['contract/**'], [
    { group: ['**/src/**', '@/*', '**/server/**', 'react', 'react-dom', 'drizzle-orm', 'drizzle-orm/*', 'hono', 'hono/*'], message: 'contract/ imports valibot and nothing else.' },
  ]),
  restrict(['src/lib/**', 'src/components/**'], [
    { group: ['@/features/*', '**/features/**', '@/routes/*', '**/routes/**'], message: 'components and lib sit below features and routes.' },
    { group: srcRoot, message: 'src/ imports server/ only as types.', allowTypeImports: true },
  ]),
  ...AREAS.map((area) =>
    restrict([`src/features/${area}/**`], [
      {
        group: AREAS.filter((other) => other !== area).flatMap((other) => [`@/features/${other}/*`, `**/features/${other}/**`, `../${other}/*`]),
        message: 'Features never import each other: compose them in a route file.',
      },
      { group: ['@/routes/*', '**/routes/**'], message: 'Features sit below routes.' },
      { group: srcRoot, message: 'src/ imports server/ only as types.', allowTypeImports: true },
    ]),
  ),
  restrict(['src/routes/**'], [{ group: srcRoot, message: 'src/ imports server/ only as types.', allowTypeImports: true }]),
)
