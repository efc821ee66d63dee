type PgError = { code?: string; constraint?: string; constraint_name?: string; message?: string; cause?: unknown }

/** The first PostgreSQL error in the chain (drizzle wraps the driver's error in `.cause`; drivers differ). */
function findPgError(error: unknown, matches: (code: string) => boolean): PgError | null {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const pg = current as PgError
    if (typeof pg.code === 'string' && matches(pg.code)) return pg
    current = pg.cause
  }
  return null
}

/** The unique constraint a failed write hit, whichever driver (and drizzle's wrapping) it came through. */
export function uniqueViolation(error: unknown): string | null {
  const pg = findPgError(error, (code) => code === '23505')
  if (!pg) return null
  return pg.constraint ?? pg.constraint_name ?? /constraint "([^"]+)"/.exec(pg.message ?? '')?.[1] ?? ''
}

/**
 * SQLSTATEs that mean the database refused the caller's value, not that the server broke: class 22
 * (data exceptions: NUL in text, a bad \u escape in JSON, an impossible date, a number out of range)
 * and the program limits input can hit (54000 an index row too large, 54001 nesting too deep).
 */
const isInputRefusal = (code: string) => /^22[0-9A-Z]{3}$/.test(code) || code === '54000' || code === '54001'

/** The SQLSTATE of a data exception anywhere in the error's chain, or null. */
export function dataException(error: unknown): string | null {
  return findPgError(error, isInputRefusal)?.code ?? null
}

/** The statement gave up waiting for a lock (lock_timeout, 55P03): the job tries again later. */
export function lockNotAvailable(error: unknown): boolean {
  return findPgError(error, (code) => code === '55P03') !== null
}

/** The statement was chosen to break a deadlock (40P01): nothing it did stays, so it may be tried again. */
export function deadlockDetected(error: unknown): boolean {
  return findPgError(error, (code) => code === '40P01') !== null
}
