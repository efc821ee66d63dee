type PgError = { code?: string; constraint?: string; constraint_name?: string; message?: string; cause?: unknown }

/** The unique constraint a failed write hit, whichever driver (and drizzle's wrapping) it came through. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const pg = current as PgError
    if (pg.code === '23505') return pg.constraint ?? pg.constraint_name ?? /constraint "([^"]+)"/.exec(pg.message ?? '')?.[1] ?? ''
    current = pg.cause
  }
  return null
}
