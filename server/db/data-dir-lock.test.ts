import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { claimDataDir, DataDirBusyError, dataDirHolder, lockPathOf } from './data-dir-lock'

const root = mkdtempSync(path.join(tmpdir(), 'ds-lock-'))
const dataDir = path.join(root, 'data')
afterEach(() => rmSync(lockPathOf(dataDir), { force: true }))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The id of a process that has ended. */
function goneProcessId(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  return Number(child.stdout.toString())
}

describe('claimDataDir', () => {
  it('writes the lock beside the directory, refuses a second claim while held, and gives it back', () => {
    const release = claimDataDir(`${dataDir}/`, 'The Daily Supply server')
    expect(lockPathOf(`${dataDir}/`)).toBe(`${dataDir}.lock`)
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() })
    expect(dataDirHolder(dataDir)?.what).toBe('The Daily Supply server')
    let refusal: unknown
    try {
      claimDataDir(dataDir, 'npm run backup')
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(DataDirBusyError)
    expect((refusal as Error).message).toMatch(
      new RegExp(
        `^The Daily Supply server \\(process ${process.pid}, since .+\\) has the embedded database open\\. Stop it first\\.`,
      ),
    )
    release()
    expect(existsSync(`${dataDir}.lock`)).toBe(false)
    claimDataDir(dataDir, 'npm run backup')()
  })

  it('takes over a lock whose process is gone (a crash), and leaves one it no longer holds', () => {
    writeFileSync(
      lockPathOf(dataDir),
      JSON.stringify({ pid: goneProcessId(), host: hostname(), what: 'The Daily Supply server', since: 'then' }),
    )
    expect(dataDirHolder(dataDir)).toBeNull()
    const release = claimDataDir(dataDir, 'npm run restore')
    expect(dataDirHolder(dataDir)?.what).toBe('npm run restore')
    // Someone deleted it by hand and another process claimed it: releasing leaves theirs alone.
    writeFileSync(lockPathOf(dataDir), JSON.stringify({ pid: 1, host: hostname(), what: 'other', since: 'now' }))
    release()
    expect(existsSync(lockPathOf(dataDir))).toBe(true)
  })

  it('counts a lock written on another machine as held (a shared disk)', () => {
    writeFileSync(lockPathOf(dataDir), JSON.stringify({ pid: 1, host: 'elsewhere', what: 'server', since: 'now' }))
    expect(() => claimDataDir(dataDir, 'npm run backup')).toThrow(DataDirBusyError)
  })
})
