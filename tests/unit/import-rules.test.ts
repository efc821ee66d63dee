import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** The import directions of STYLE.md are enforced by lint; these prove a forbidden import fails it. */
const eslint = new ESLint({ cwd: process.cwd() })

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message)
}

describe('import direction', () => {
  it('a feature cannot import another feature', async () => {
    const errors = await restrictedImports('src/features/auth/fake.ts', "import { TabBar } from '@/features/shell/tab-bar'\nexport const x = TabBar\n")
    expect(errors.join()).toMatch(/Features never import each other/)
  })

  it('the server cannot import the console', async () => {
    const errors = await restrictedImports('server/fake.ts', "import { m } from '../src/paraglide/messages'\nexport const x = m\n")
    expect(errors.join()).toMatch(/server\/ never imports the console/)
  })

  it('the contract imports valibot only', async () => {
    const errors = await restrictedImports('contract/fake.ts', "import { eq } from 'drizzle-orm'\nexport const x = eq\n")
    expect(errors.join()).toMatch(/contract\/ imports valibot and nothing else/)
  })

  it('components and lib cannot reach up into features', async () => {
    const errors = await restrictedImports('src/lib/fake.ts', "import { MarketForm } from '@/features/markets/market-form'\nexport const x = MarketForm\n")
    expect(errors.join()).toMatch(/sit below features/)
  })

  it('allowed directions pass', async () => {
    expect(await restrictedImports('src/features/markets/fake.ts', "import { cn } from '@/lib/cn'\nimport { Button } from '@/components/ui/button'\nexport const x = [cn, Button]\n")).toEqual([])
  })
}, 30_000)
