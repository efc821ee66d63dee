#!/usr/bin/env node
// First step of `npm test`: the end-to-end stage needs Chromium and CJK fonts. On a fresh machine they
// are installed here (as root, the way .ci/run does), or the run stops at once with the one command
// to run, instead of failing minutes later in the end-to-end stage.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/** The same path tests/helpers/browser.ts launches. */
export const chromiumPath = (env = process.env) => env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** apt itself, by its path: the check that it is there and the call use the same file. */
const APT_GET = '/usr/bin/apt-get'

/** What the user runs when this script may not install: one line, copied as is. */
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk'

/**
 * What to do, from what the machine has: nothing when Chromium is there; install through apt as root
 * (the fonts too: the pages are read in Chinese); otherwise stop with the command.
 * @param {{ path: string, exists: (path: string) => boolean, uid: number | null, hasApt: boolean }} machine
 * @returns {{ kind: 'ready' } | { kind: 'install' } | { kind: 'stop', message: string }}
 */
export function chromiumStep({ path, exists, uid, hasApt }) {
  if (exists(path)) return { kind: 'ready' }
  if (uid === 0 && hasApt && path === '/usr/bin/chromium') return { kind: 'install' }
  return {
    kind: 'stop',
    message:
      `Chromium is missing (${path}): the end-to-end tests need it and the CJK fonts.\n` +
      `Install them, then run npm test again:\n\n  ${INSTALL_COMMAND}\n\n` +
      '(or set CHROMIUM_PATH to a Chromium already installed)',
  }
}

function main() {
  const path = chromiumPath()
  const step = chromiumStep({
    path,
    exists: existsSync,
    uid: typeof process.getuid === 'function' ? process.getuid() : null,
    hasApt: existsSync(APT_GET),
  })
  if (step.kind === 'ready') return
  if (step.kind === 'stop') {
    console.error(step.message)
    process.exit(1)
  }
  console.log('== installing chromium and CJK fonts (apt-get)')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync(APT_GET, ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync(APT_GET, ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env })
  if (!existsSync(path)) {
    console.error(`apt-get finished but ${path} is still missing.\n\n  ${INSTALL_COMMAND}`)
    process.exit(1)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
