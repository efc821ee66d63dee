import type { Logger } from 'pino'
import { deadlockDetected, lockNotAvailable } from '../lib/db-errors'
import { retried } from '../lib/retry'
import type { DatabaseHandle, DatabaseSession } from './client'

/** Held by the instance building: a second instance started meanwhile leaves the work to it. */
const BUILD_LOCK = 7_240_025
const EVERY_MS = 60 * 60_000
const ATTACH_LOCK_TIMEOUT = '2s'
/** Times a build or an attach that lost a deadlock (or, attaching, waited too long for a lock) is tried. */
const ATTEMPTS = 5

/** A day part that lacks its copy of a partitioned index made ON ONLY the parent (migration 0025). */
type MissingCopy = {
  parent_index: string
  /** The partitioned table the parent index is on. */
  parent_table: string
  partition: string
  /** pg_get_indexdef of the parent: "CREATE INDEX name ON ONLY public.t USING btree (...) WHERE ...". */
  definition: string
  /** The partition's name, then what the parent index's name adds to its table's. */
  copy_name: string
  /** Whether a copy under that name, left unattached by a build that was cut off, is valid: null when none. */
  left_valid: boolean | null
}

/**
 * Every partition of a table in this schema whose partitioned index is not valid yet, without an
 * attached copy of it. A partition added later already has its copy (CREATE TABLE ... PARTITION OF
 * makes every index of the parent), so after one full pass this answers nothing.
 */
const MISSING_SQL = `
  select parent_index, parent_table, partition, definition, copy_name,
         (select copy_index.indisvalid from pg_class copy
            join pg_index copy_index on copy_index.indexrelid = copy.oid
           where copy.relname = copy_name and copy.relnamespace = current_schema()::regnamespace) as left_valid
    from (
  select parent.relname as parent_index, tab.relname as parent_table, part.relname as partition,
         pg_get_indexdef(parent.oid) as definition,
         left(part.relname || '_' || regexp_replace(parent.relname, '^' || tab.relname || '_', ''), 63) as copy_name
    from pg_index i
    join pg_class parent on parent.oid = i.indexrelid and parent.relkind = 'I'
    join pg_class tab on tab.oid = i.indrelid
    join pg_inherits inh on inh.inhparent = tab.oid
    join pg_class part on part.oid = inh.inhrelid and part.relkind = 'r'
   where not i.indisvalid
     and parent.relnamespace = current_schema()::regnamespace
     and not exists (
           select 1 from pg_inherits attached
             join pg_index copy_index on copy_index.indexrelid = attached.inhrelid
            where attached.inhparent = parent.oid and copy_index.indrelid = part.oid)
    ) missing
   order by partition desc`

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The copy's CREATE INDEX: the parent's own definition from USING on, on the partition. */
function createCopy(missing: MissingCopy, concurrently: boolean): string {
  const using = missing.definition.indexOf(' USING ')
  if (using < 0) throw new Error(`unexpected index definition: ${missing.definition}`)
  return `create index ${concurrently ? 'concurrently ' : ''}if not exists ${quoted(missing.copy_name)} on ${quoted(
    missing.partition,
  )}${missing.definition.slice(using)}`
}

/**
 * Builds, on every day part, the copy of each partitioned index a migration made on the parent alone,
 * and attaches it; the parent becomes valid (and used) once every part has its copy. On PostgreSQL each
 * copy is built CONCURRENTLY, so the ingest writes the part meanwhile (a plain build holds its SHARE
 * lock, which every insert waits on); newest days first, as the lists read them most. One instance
 * builds at a time (a session advisory lock); a copy a cut-off build left invalid is dropped and built
 * again. Answers how many copies it attached.
 */
export async function buildPartitionIndexes(
  handle: Pick<DatabaseHandle, 'kind' | 'session'>,
  logger?: Pick<Logger, 'info'>,
): Promise<number> {
  // A pass already under way in this process (PGlite has no second connection to hold a lock from).
  if (building.has(handle)) return 0
  building.add(handle)
  try {
    return await buildOnce(handle, logger)
  } finally {
    building.delete(handle)
  }
}

const building = new WeakSet<object>()

async function buildOnce(
  handle: Pick<DatabaseHandle, 'kind' | 'session'>,
  logger: Pick<Logger, 'info'> | undefined,
): Promise<number> {
  const concurrently = handle.kind === 'postgres'
  const session = await handle.session()
  try {
    if (concurrently) {
      const [row] = await session.query<{ locked: boolean }>(`select pg_try_advisory_lock(${BUILD_LOCK}) as locked`)
      if (!row?.locked) return 0
    }
    try {
      return await buildMissing(session, concurrently, logger)
    } finally {
      if (concurrently) await session.query(`select pg_advisory_unlock(${BUILD_LOCK})`)
    }
  } finally {
    await session.close()
  }
}

async function buildMissing(
  session: DatabaseSession,
  concurrently: boolean,
  logger: Pick<Logger, 'info'> | undefined,
): Promise<number> {
  let attached = 0
  for (const missing of await session.query<MissingCopy>(MISSING_SQL)) {
    const started = performance.now()
    // Only this instance builds (the lock), so an invalid copy is a build that was cut off.
    if (missing.left_valid === false) await dropCopy(session, missing, concurrently)
    await build(session, missing, concurrently)
    await attach(session, missing)
    attached += 1
    logger?.info(
      { index: missing.parent_index, partition: missing.partition, ms: Math.round(performance.now() - started) },
      'partition index built',
    )
  }
  return attached
}

const dropCopy = (session: DatabaseSession, missing: MissingCopy, concurrently: boolean) =>
  session.query(`drop index ${concurrently ? 'concurrently ' : ''}if exists ${quoted(missing.copy_name)}`)

const waitMs = (attempt: number) => attempt * 1_000

/**
 * Builds a copy. A concurrent build waits for every older transaction, while holding the part's lock
 * that making a day part wants on the default part: one of the two is chosen to break the deadlock.
 * When it is the build, its invalid copy is dropped and built again.
 */
const build = (session: DatabaseSession, missing: MissingCopy, concurrently: boolean) =>
  retried(() => session.query(createCopy(missing, concurrently)), {
    attempts: ATTEMPTS,
    retryable: deadlockDetected,
    waitMs,
    before: () => dropCopy(session, missing, concurrently),
  })

/**
 * Attaches a built copy to its parent index. ATTACH locks the parent index, then the table; making a
 * day part (ensure_day_partitions) locks the table, then the parent index to attach the part's own
 * copy: so the table is locked first here, in the same order, or the two deadlock. A lock not had in
 * time (the day parts' job, a long reader) is tried again a little later.
 */
const attach = (session: DatabaseSession, missing: MissingCopy) =>
  retried(
    () =>
      session.transaction([
        `set local lock_timeout = '${ATTACH_LOCK_TIMEOUT}'`,
        `lock table ${quoted(missing.parent_table)} in access share mode`,
        `alter index ${quoted(missing.parent_index)} attach partition ${quoted(missing.copy_name)}`,
      ]),
    { attempts: ATTEMPTS, retryable: (error) => lockNotAvailable(error) || deadlockDetected(error), waitMs },
  )

/**
 * Builds the missing copies in the background, once `after` has settled (the day parts' window at start:
 * a build on the default part and a new day part's creation wait on each other) and then every hour (a
 * pass that finds nothing missing is one catalogue query), so an instance that lost the lock, or a pass
 * cut off by a restart, is finished later. Answers how to stop it.
 */
export function startPartitionIndexes(
  handle: Pick<DatabaseHandle, 'kind' | 'session'>,
  logger: Pick<Logger, 'info' | 'warn'>,
  { after = Promise.resolve(), everyMs = EVERY_MS }: { after?: Promise<unknown>; everyMs?: number } = {},
): () => void {
  let stopped = false
  let every: ReturnType<typeof setInterval> | undefined
  const run = () => {
    buildPartitionIndexes(handle, logger).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not build partition indexes; trying again in an hour'),
    )
  }
  const begin = () => {
    if (stopped) return
    run()
    every = setInterval(run, everyMs)
    every.unref()
  }
  after.then(begin, begin)
  return () => {
    stopped = true
    clearInterval(every)
  }
}
