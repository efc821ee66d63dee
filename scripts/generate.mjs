// Generates what tsc, Vitest and Vite need before they run: the paraglide messages and the route tree.
// The paraglide compiler leaves an SDK timer running for ~30 s, so this process exits explicitly.
import { compile } from '@inlang/paraglide-js'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { paraglideOptions } from './paraglide-options.mjs'

await compile(paraglideOptions)
// The silent offline failure compiles zero messages: refuse to go on if that happened.
const compiled = readFileSync('./src/paraglide/messages/_index.js', 'utf8')
if (!/export \{|export \*|export const/.test(compiled)) {
  console.error('paraglide compiled no messages: check project.inlang/settings.json modules')
  process.exit(1)
}
execFileSync(process.execPath, ['./node_modules/@tanstack/router-cli/bin/tsr.cjs', 'generate'], { stdio: 'inherit' })
process.exit(0)
