// The databases a province-scale bench runs on, and what each of them says of its run.

/** The one named on the command line (postgres | pglite), or both. */
export const benchKinds = () => (process.argv[2] ? [process.argv[2]] : ['postgres', 'pglite'])

export const kindName = (kind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite')

/** Says so when the bench's PostgreSQL did not answer, so the bench skips it. */
export function skipped(seeded, postgresUrl) {
  if (seeded.skipped) console.log(`PostgreSQL: no server answers at ${postgresUrl}; skipped`)
  return Boolean(seeded.skipped)
}

/** Runs `bench(kind)` on each kind in turn; answers every budget it missed. */
export async function missesOnEachKind(bench) {
  const misses = []
  for (const kind of benchKinds()) misses.push(...(await bench(kind)))
  return misses
}

export const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`
