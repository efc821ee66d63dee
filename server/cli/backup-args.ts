/** `<file> [--force]`, the arguments of `npm run backup` and `npm run restore`; null when they are not that. */
export function backupArgs(argv: readonly string[]): { file: string; force: boolean } | null {
  const force = argv.includes('--force')
  const rest = argv.filter((arg) => arg !== '--force')
  const file = rest[0]?.trim()
  if (rest.length !== 1 || !file || file.startsWith('-')) return null
  return { file, force }
}

/** Ends a command with the error's message (the ones ours throw say what happened and what to do). */
export function failWith(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error))
  // A database's own words (drizzle wraps them as the cause of "Failed query").
  const cause = error instanceof Error ? error.cause : undefined
  if (cause instanceof Error) console.error(cause.message)
  process.exit(1)
}
