import { spawn } from 'node:child_process'
import { accessSync, constants, readdirSync } from 'node:fs'
import path from 'node:path'

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore, psql), found on PATH or in Debian's
 * /usr/lib/postgresql/<version>/bin (newest first). `PG_BIN` names their folder outright.
 */

export type PgTool = 'pg_dump' | 'pg_restore' | 'psql'

class MissingToolError extends Error {
  constructor(tool: PgTool, looked: string[]) {
    super(
      `${tool} was not found (looked in ${looked.join(', ')}). Install PostgreSQL's client programs, version 15 ` +
        `or newer (Debian: apt-get install postgresql-client-15), or set PG_BIN to the folder that holds ${tool}.`,
    )
    this.name = 'MissingToolError'
  }
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function debianFolders(): string[] {
  const root = '/usr/lib/postgresql'
  try {
    return readdirSync(root)
      .filter((version) => /^\d+$/.test(version))
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => path.join(root, version, 'bin'))
  } catch {
    return []
  }
}

/** The path of `tool`, or MissingToolError naming where it was looked for. */
export function findPgTool(tool: PgTool, env: Record<string, string | undefined> = process.env): string {
  const folders = env.PG_BIN
    ? [env.PG_BIN]
    : [...(env.PATH ?? '').split(path.delimiter).filter(Boolean), ...debianFolders()]
  for (const folder of folders) {
    const file = path.join(folder, tool)
    if (executable(file)) return file
  }
  throw new MissingToolError(tool, env.PG_BIN ? [`PG_BIN (${env.PG_BIN})`] : ['PATH', '/usr/lib/postgresql/*/bin'])
}

export type ToolRun = { code: number; stdout: string; stderr: string }

/** Runs a tool to its end; its output is kept (stdout up to `keep` characters: a check reads the start). */
export function runPgTool(
  file: string,
  args: string[],
  { keep = 1_000_000, env = process.env }: { keep?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < keep) stdout += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr }))
  })
}
