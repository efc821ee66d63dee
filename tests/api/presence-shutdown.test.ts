import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { devices } from '../../server/db/schema'
import { marketWithDevices } from '../helpers/crash-world'
import { basicAuth } from '../helpers/devices'
import {
  call,
  OFFICIAL,
  serverDatabase,
  signIn,
  startServer,
  type ServerDatabase,
  type ServerProcess,
} from '../helpers/server-process'

/**
 * Issue 22 §3: a server process keeps its devices' last-seen times in memory for up to a second; on
 * SIGTERM it writes them before it closes the database, so no answered call's time is lost.
 */

let database: ServerDatabase
let server: ServerProcess | null = null

beforeAll(async () => {
  database = await serverDatabase()
})
afterAll(async () => {
  await server?.stop('SIGKILL')
  await database?.drop()
})

it('writes the last-seen times it holds when it is stopped', async () => {
  server = await startServer(database)
  const official = await signIn(server, OFFICIAL.username, OFFICIAL.password)
  const { devices: bound } = await marketWithDevices(server, official, 1, { terminals: 0, counters: 1 })
  const counter = bound[0]!
  const heartbeat = async () => {
    const answer = await call<{ serverTime: string }>(server!, '/device/v1/heartbeat', {
      authorization: basicAuth(counter.code, counter.secret),
    })
    expect(answer.body.code).toBe(20000)
    return answer.body.data.serverTime
  }
  // The first comes online (written in the call); the second waits in memory for its second.
  await heartbeat()
  const last = await heartbeat()
  expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null })
  server = null
  const handle = await database.open()
  try {
    const [row] = await handle.db.select().from(devices).where(eq(devices.id, counter.id))
    expect(row?.lastSeenAt?.toISOString()).toBe(last)
  } finally {
    await handle.close()
  }
})
