import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { freePort } from './free-port'

/**
 * A PostgreSQL 15 primary and a hot standby streaming from it (issue 22 §2), clusters of the test's
 * own on free ports (made with pg_createcluster, the standby with `pg_basebackup -R`), never touching
 * the cluster on 5432. Needs root (pg_createcluster) and the Debian postgresql-common tools; the
 * clusters' files belong to postgres, so their commands run as postgres.
 */

export type ReplicaPair = {
  primaryUrl: string
  standbyUrl: string
  /** Runs SQL on the standby as postgres (psql), answering its output. */
  onStandby: (statement: string) => string
  stopStandby: () => void
  /** Stops and removes both clusters; safe to call after a failure half-way through making them. */
  drop: () => void
}

/** Why this machine cannot run the pair, or null when it can. */
export function replicaPairUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'needs root (pg_createcluster makes clusters of its own)'
  if (!existsSync('/usr/bin/pg_createcluster')) return 'needs postgresql-common (pg_createcluster)'
  if (!existsSync('/usr/sbin/runuser')) return 'needs runuser (util-linux) to run commands as postgres'
  if (!existsSync('/usr/lib/postgresql/15/bin/pg_basebackup')) return 'needs PostgreSQL 15 (pg_basebackup)'
  return null
}

const VERSION = '15'
/** pg_ctlcluster run directly, as CI starts its cluster, not handed to systemd (absent in containers). */
const ctl = (cluster: string, action: 'start' | 'stop') =>
  execFileSync('/usr/bin/pg_ctlcluster', ['--skip-systemctl-redirect', VERSION, cluster, action], { stdio: 'pipe' })
const asPostgres = (command: string, args: string[]) =>
  execFileSync('/usr/sbin/runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8', stdio: 'pipe' })

/** Local connections trusted, replication included: the test's clusters listen on 127.0.0.1 only. */
function trustLocal(cluster: string) {
  const file = `/etc/postgresql/${VERSION}/${cluster}/pg_hba.conf`
  const trust = ['host replication all 127.0.0.1/32 trust', 'host all all 127.0.0.1/32 trust', ''].join('\n')
  // The first matching line wins: ours go first.
  writeFileSync(file, trust + readFileSync(file, 'utf8'))
}

/** Makes the pair and a database `ds` on it (replicated to the standby like everything else). */
export async function replicaPair(): Promise<ReplicaPair> {
  const tag = randomBytes(3).toString('hex')
  const primary = `ds_primary_${tag}`
  const standby = `ds_standby_${tag}`
  const made: string[] = []
  const drop = () => {
    for (const cluster of made.splice(0).reverse()) {
      try {
        ctl(cluster, 'stop')
      } catch {
        // Not running (never started, or the test stopped it).
      }
      try {
        execFileSync('/usr/bin/pg_dropcluster', ['--stop', VERSION, cluster], { stdio: 'pipe' })
      } catch (error) {
        console.warn(`could not drop cluster ${cluster}: ${(error as Error).message}`)
      }
    }
  }
  try {
    const primaryPort = await freePort()
    const standbyPort = await freePort()
    // fsync off: the clusters live for one test; a crash loses nothing anyone keeps.
    const quick = ['-o', 'fsync=off']
    execFileSync('/usr/bin/pg_createcluster', [VERSION, primary, '--port', String(primaryPort), ...quick], {
      stdio: 'pipe',
    })
    made.push(primary)
    trustLocal(primary)
    ctl(primary, 'start')
    asPostgres(`/usr/lib/postgresql/${VERSION}/bin/createdb`, ['-h', '127.0.0.1', '-p', String(primaryPort), 'ds'])

    execFileSync('/usr/bin/pg_createcluster', [VERSION, standby, '--port', String(standbyPort), ...quick], {
      stdio: 'pipe',
    })
    made.push(standby)
    trustLocal(standby)
    // The standby's data directory is the primary's, copied: its own initdb's files make way.
    const dataDir = `/var/lib/postgresql/${VERSION}/${standby}`
    asPostgres('find', [dataDir, '-mindepth', '1', '-delete'])
    asPostgres(`/usr/lib/postgresql/${VERSION}/bin/pg_basebackup`, [
      ...[
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        dataDir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
      ],
    ])
    ctl(standby, 'start')
    const psql = `/usr/lib/postgresql/${VERSION}/bin/psql`
    return {
      primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/ds`,
      standbyUrl: `postgres://postgres@127.0.0.1:${standbyPort}/ds`,
      onStandby: (statement) =>
        asPostgres(psql, ['-h', '127.0.0.1', '-p', String(standbyPort), '-d', 'ds', '-Atc', statement]).trim(),
      stopStandby: () => ctl(standby, 'stop'),
      drop,
    }
  } catch (error) {
    drop()
    throw error
  }
}
