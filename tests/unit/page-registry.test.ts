import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * A page is registered once (contract/pages.ts) and `tsc` lists what a new page still lacks: its title,
 * its menu group's icon, and a page for every route file. Proven here by compiling the console with a
 * half-registered page and an unregistered route, in memory (the files on disk are not touched).
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const file = (relative: string) => path.join(ROOT, relative)

function diagnosticsWith(overrides: Record<string, (text: string) => string>): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    file('tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )!
  const host = ts.createCompilerHost(config.options)
  const readFile = host.readFile.bind(host)
  host.readFile = (name) => {
    const text = readFile(name)
    const change = overrides[path.relative(ROOT, name)]
    return text !== undefined && change ? change(text) : text
  }
  const checked = ['src/lib/route-meta.ts', 'src/features/shell/menu-icons.ts'].map(file)
  const program = ts.createProgram({ rootNames: checked, options: config.options, host })
  return checked.flatMap((name) =>
    program
      .getSemanticDiagnostics(program.getSourceFile(name))
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')),
  )
}

const replaceOnce = (text: string, from: string, to: string) => {
  expect(text).toContain(from)
  return text.replace(from, to)
}

describe('the page registry', () => {
  it('compiles as it is', () => {
    expect(diagnosticsWith({})).toEqual([])
  }, 120_000)

  it('fails tsc for a page with no title, a group with no icon, and a route file with no page', () => {
    const errors = diagnosticsWith({
      'contract/pages.ts': (text) =>
        replaceOnce(
          replaceOnce(text, "  device: '/device',\n", "  device: '/device',\n  licence: '/licence',\n"),
          '} as const satisfies Record<string, Page>',
          "  LicenceManage: { path: '/licence', group: 'licence', roles: API_ROLES.markets, reach: 'menu', list: null },\n} as const satisfies Record<string, Page>",
        ),
      'src/routeTree.gen.ts': (text) =>
        replaceOnce(
          text,
          'export interface FileRoutesByFullPath {\n',
          "export interface FileRoutesByFullPath {\n  '/price/': typeof ConsoleMarketIndexRoute\n",
        ),
    }).join('\n')
    expect(errors).toMatch(/missing the following properties[^\n]*licence, LicenceManage/)
    expect(errors).toMatch(/Property 'licence' is missing/)
    expect(errors).toMatch(/'"\/price\/"' does not satisfy the constraint 'never'/)
  }, 120_000)
})
