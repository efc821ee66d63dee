import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { chromiumStep, INSTALL_COMMAND } from '../../scripts/ensure-chromium.mjs'

const DEFAULT_PATH = '/usr/bin/chromium'
const missing = () => false

describe('the test command’s Chromium step', () => {
  it('does nothing when Chromium is there', () => {
    expect(chromiumStep({ path: DEFAULT_PATH, exists: () => true, uid: 1000, hasApt: true })).toEqual({ kind: 'ready' })
  })

  it('installs through apt as root', () => {
    expect(chromiumStep({ path: DEFAULT_PATH, exists: missing, uid: 0, hasApt: true })).toEqual({ kind: 'install' })
  })

  it.each([
    ['not root', { uid: 1000, hasApt: true }],
    ['no apt', { uid: 0, hasApt: false }],
    ['no uid (Windows)', { uid: null, hasApt: false }],
  ])('stops with the one command to run when %s', (_case, machine) => {
    const step = chromiumStep({ path: DEFAULT_PATH, exists: missing, ...machine })
    expect(step.kind).toBe('stop')
    expect(step.kind === 'stop' && step.message).toContain(INSTALL_COMMAND)
  })

  it('never installs over a Chromium named elsewhere (CHROMIUM_PATH): it says what is missing', () => {
    const step = chromiumStep({ path: '/opt/chrome/chrome', exists: missing, uid: 0, hasApt: true })
    expect(step.kind === 'stop' && step.message).toContain('/opt/chrome/chrome')
  })

  it('the script stops at once, before anything else runs, with the command', async () => {
    const run = promisify(execFile)('node', ['scripts/ensure-chromium.mjs'], {
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      timeout: 10_000,
    })
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(INSTALL_COMMAND) })
  })
})
