import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The import directions of STYLE.md are enforced by lint; these prove a forbidden import fails it.
 * Each hole found once has a case here, so it cannot reopen.
 */
const eslint = new ESLint({ cwd: process.cwd() })

/** Every lint error on `code` as if it were `filePath`, as `rule: message`. */
async function lintErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2)
    .map((message) => `${message.ruleId}: ${message.message}`)
}

const FEATURES_APART = /Features never import each other/
const CONTRACT_ONLY = /contract\/ imports valibot and nothing else/
const SERVER_AREAS_APART = /A server area imports the kit, contract\/ and another area's public.ts only/
const SERVER_KIT_APART = /The server kit \(server\/lib, db, middleware\) imports no area/

describe('import direction', () => {
  it('a feature cannot import another feature', async () => {
    const errors = await lintErrors(
      'src/features/auth/fake.ts',
      "import { TabBar } from '@/features/shell/tab-bar'\nexport const x = TabBar\n",
    )
    expect(errors.join()).toMatch(FEATURES_APART)
  })

  // Hole: `../other/*` and `@/features/other/*` matched one folder level only.
  it.each([
    ['src/features/auth/fake.ts', '../other/deep/x'],
    ['src/features/auth/fake.ts', '../../features/other/x'],
    ['src/features/auth/fake.ts', '@/features/other/a/b'],
    ['src/features/auth/fake.ts', 'src/features/other/x'],
    ['src/features/auth/components/fake.ts', '../../other/x'],
  ])('nor at any depth or spelling: %s importing %s', async (filePath, source) => {
    const errors = await lintErrors(filePath, `import { x } from '${source}'\nexport const y = x\n`)
    expect(errors.join()).toMatch(FEATURES_APART)
  })

  // Hole: spelling-based patterns miss odd spellings and dynamic import(); the resolved-path rule does not.
  it.each([
    "import { TabBar } from './../shell/tab-bar'\nexport const x = TabBar\n",
    "import { TabBar } from '../auth/../shell/tab-bar'\nexport const x = TabBar\n",
    "export const x = () => import('../shell/tab-bar')\n",
    "export { TabBar } from '@/features/shell/tab-bar'\n",
  ])('nor by a path that resolves into another feature: %j', async (code) => {
    const errors = await lintErrors('src/features/auth/fake.ts', code)
    expect(errors.join()).toMatch(FEATURES_APART)
  })

  it('a feature may import itself, its own subfolders, and the layers below it', async () => {
    const code =
      "import { a } from './a'\nimport { b } from './parts/b'\nimport { c } from '../auth/c'\nimport { d } from '@/features/auth/d'\n" +
      "import { cn } from '@/lib/cn'\nimport { Button } from '../../components/ui/button'\nexport const x = [a, b, c, d, cn, Button]\n"
    expect(await lintErrors('src/features/auth/fake.ts', code)).toEqual([])
    expect(
      await lintErrors('src/features/auth/parts/fake.ts', "import { a } from '../a'\nexport const x = a\n"),
    ).toEqual([])
  })

  it('the server cannot import the console', async () => {
    const errors = await lintErrors(
      'server/fake.ts',
      "import { m } from '../src/paraglide/messages'\nexport const x = m\n",
    )
    expect(errors.join()).toMatch(/server\/ never imports the console/)
    // tsconfig's baseUrl makes `src/…` resolve too.
    expect(
      (await lintErrors('server/fake.ts', "import { cn } from 'src/lib/cn'\nexport const x = cn\n")).join(),
    ).toMatch(/server\/ never imports the console/)
  })

  // The server's own directions (issue 20): the kit imports no area; an area reaches another only
  // through its public.ts.
  it.each([
    [
      'server/merchants/fake.ts',
      "import { followMerchant } from '../devices/service'\nexport const x = followMerchant\n",
    ],
    ['server/merchants/fake.ts', "import { x } from 'server/devices/service'\nexport const y = x\n"],
    ['server/merchants/fake.ts', "export { claimFiles } from '../files/claim'\n"],
    ['server/merchants/fake.ts', "export const x = () => import('../user/accounts')\n"],
    ['server/merchants/fake.ts', "import { x } from './../devices/../devices/service'\nexport const y = x\n"],
    ['server/demo/seed/fake.ts', "import { x } from '../../devices/queries'\nexport const y = x\n"],
    ['server/demo/seed/fake.ts', "import { createApp } from '../../app'\nexport const x = createApp\n"],
  ])('a server area cannot reach into another area: %s with %j', async (filePath, code) => {
    expect((await lintErrors(filePath, code)).join()).toMatch(SERVER_AREAS_APART)
  })

  it.each([
    ['server/lib/fake.ts', "import { postMessage } from '../messages/public'\nexport const x = postMessage\n"],
    ['server/lib/fake.ts', "import type { LiveEvent } from '../live/routes'\nexport type X = LiveEvent\n"],
    ['server/db/fake.ts', "import { readEnv } from '../env'\nexport const x = readEnv\n"],
    ['server/middleware/fake.ts', "import { x } from 'server/user/service'\nexport const y = x\n"],
  ])('the server kit imports no area: %s with %j', async (filePath, code) => {
    expect((await lintErrors(filePath, code)).join()).toMatch(SERVER_KIT_APART)
  })

  it('a server route documents its answer with apiDoc, not describeRoute', async () => {
    expect(
      (
        await lintErrors(
          'server/live/fake.ts',
          "import { describeRoute } from 'hono-openapi'\nexport const x = describeRoute\n",
        )
      ).join(),
    ).toMatch(/documents its answer with apiDoc/)
  })

  it('a server area may import itself, the kit, the contract, env and another area through public.ts', async () => {
    const code =
      "import { a } from './service'\nimport { hashSecret } from '../lib/tokens'\nimport { db } from '../db/client'\n" +
      "import { requireSession } from '../middleware/auth'\nimport { ApiCode } from '../../contract/api'\n" +
      "import { followMerchant } from '../devices/public'\nimport { parseDuration } from '../env'\n" +
      'export const x = [a, hashSecret, db, requireSession, ApiCode, followMerchant, parseDuration]\n'
    expect(await lintErrors('server/merchants/fake.ts', code)).toEqual([])
    expect(
      await lintErrors(
        'server/demo/seed/fake.ts',
        "import { ingestBatches } from '../../device-api/public'\nimport { seededRandom } from './random'\nimport { runLoad } from '../simulator/load'\nexport const x = [ingestBatches, seededRandom, runLoad]\n",
      ),
    ).toEqual([])
    // server/*.ts and server/cli compose the areas.
    expect(
      await lintErrors(
        'server/fake.ts',
        "import { listDevices } from './devices/queries'\nexport const x = listDevices\n",
      ),
    ).toEqual([])
  })

  it('the console imports the server only as types', async () => {
    expect(
      (
        await lintErrors('src/lib/fake.ts', "import { createApp } from 'server/app'\nexport const x = createApp\n")
      ).join(),
    ).toMatch(/only as types/)
    expect(
      (
        await lintErrors(
          'src/routes/fake.ts',
          "import { createApp } from '../../server/app'\nexport const x = createApp\n",
        )
      ).join(),
    ).toMatch(/only as types/)
    expect(
      await lintErrors(
        'src/lib/fake.ts',
        "import type { AppType } from '../../server/app'\nimport { renderToString } from 'react-dom/server'\nexport const x = renderToString as unknown as AppType\n",
      ),
    ).toEqual([])
  })

  it('the contract imports valibot only', async () => {
    const errors = await lintErrors('contract/fake.ts', "import { eq } from 'drizzle-orm'\nexport const x = eq\n")
    expect(errors.join()).toMatch(CONTRACT_ONLY)
  })

  // Hole: contract/ was a deny-list, so `node:crypto` (and any package not named) passed.
  it.each([
    "import { randomUUID } from 'node:crypto'\nexport const x = randomUUID\n",
    "import dayjs from 'dayjs'\nexport const x = dayjs\n",
    "import { Role } from '@contract/roles'\nexport const x = Role\n",
    "import { Role } from '../contract/roles'\nexport const x = Role\n",
    "import type { AppType } from '../server/app'\nexport type X = AppType\n",
    "export * from 'node:crypto'\n",
    "export const x = () => import('node:crypto')\n",
    "import { it } from 'vitest'\nexport const x = it\n",
  ])('the contract is an allow-list: %j fails', async (code) => {
    expect((await lintErrors('contract/fake.ts', code)).join()).toMatch(CONTRACT_ONLY)
  })

  it('the contract may import valibot and its own files; its tests may import vitest', async () => {
    expect(
      await lintErrors(
        'contract/fake.ts',
        "import * as v from 'valibot'\nimport { Role } from './roles'\nexport const x = [v, Role]\n",
      ),
    ).toEqual([])
    expect(
      await lintErrors(
        'contract/fake.test.ts',
        "import { it } from 'vitest'\nimport { Role } from './roles'\nexport const x = [it, Role]\n",
      ),
    ).toEqual([])
  })

  it('components and lib cannot reach up into features', async () => {
    const errors = await lintErrors(
      'src/lib/fake.ts',
      "import { MarketForm } from '@/features/markets/market-form'\nexport const x = MarketForm\n",
    )
    expect(errors.join()).toMatch(/sit below features/)
  })

  // Hole: nothing refused a cycle. contract/access.ts imports contract/roles.ts, so roles importing access closes one.
  it('an import cycle fails', async () => {
    const errors = await lintErrors(
      'contract/roles.ts',
      "import { API_ROLES } from './access'\nexport const x = API_ROLES\n",
    )
    expect(errors.join()).toMatch(/import-x\/no-cycle/)
  })

  it('a type-only import is not a cycle', async () => {
    expect(
      await lintErrors(
        'contract/roles.ts',
        "import type { API_ROLES } from './access'\nexport type X = typeof API_ROLES\n",
      ),
    ).toEqual([])
  })

  // Hole: the TanStack Query and Router lint rules were not on.
  it('a query key that misses a variable its queryFn reads fails (TanStack Query)', async () => {
    const code =
      "import { useQuery } from '@tanstack/react-query'\nexport const useThing = (id: string) => useQuery({ queryKey: ['thing'], queryFn: () => fetch(id) })\n"
    expect((await lintErrors('src/features/markets/fake.ts', code)).join()).toMatch(/@tanstack\/query\/exhaustive-deps/)
  })

  it('route options in an order that breaks type inference fail (TanStack Router)', async () => {
    const code =
      "import { createFileRoute } from '@tanstack/react-router'\nexport const Route = createFileRoute('/fake')({ loader: () => 1, beforeLoad: () => {} })\n"
    expect((await lintErrors('src/routes/fake.tsx', code)).join()).toMatch(
      /@tanstack\/router\/create-route-property-order/,
    )
  })

  it('allowed directions pass', async () => {
    expect(
      await lintErrors(
        'src/features/markets/fake.ts',
        "import { cn } from '@/lib/cn'\nimport { Button } from '@/components/ui/button'\nexport const x = [cn, Button]\n",
      ),
    ).toEqual([])
  })
}, 60_000)
