// Generates what tsc, Vitest and Vite need before they run: the paraglide messages, the route tree and
// the class groups cn() merges by (scripts/class-groups.mjs).
// The paraglide compiler leaves an SDK timer running for ~30 s, so this process exits explicitly.
import { compile } from '@inlang/paraglide-js'
// The generator's ESM build: its CommonJS build (what the tsr CLI loads) requires router-core's CJS files
// in a circle and Node warned about 'replaceRouteChunk' on every build and start.
import { Generator, getConfig } from '@tanstack/router-generator'
import { readFileSync, writeFileSync } from 'node:fs'
import { CLASS_GROUPS_FILE, classGroupsModule } from './class-groups.mjs'
import { paraglideOptions } from './paraglide-options.mjs'

await compile(paraglideOptions)
// The silent offline failure compiles zero messages: refuse to go on if that happened.
const compiled = readFileSync('./src/paraglide/messages/_index.js', 'utf8')
if (!/export \{|export \*|export const/.test(compiled)) {
  console.error('paraglide compiled no messages: check project.inlang/settings.json modules')
  process.exit(1)
}
const root = process.cwd()
await new Generator({ config: getConfig({}, root), root }).run()
writeFileSync(CLASS_GROUPS_FILE, await classGroupsModule(root))
process.exit(0)
