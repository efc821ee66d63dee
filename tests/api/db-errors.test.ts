import { sql, type SQL } from 'drizzle-orm'
import type { Context } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataException, uniqueViolation } from '../../server/lib/db-errors'
import { createTestApp, type TestApp } from '../helpers/test-app'

/** server/lib/db-errors.ts on real errors, as the driver and drizzle shape them (PGlite, or PostgreSQL with DATABASE_URL). */
const url = process.env.DATABASE_URL
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  // Routes that fail in the database as a route would, outside /api so the API's catch-all does not
  // answer first; the app's onError handles them all the same. Added before the first request.
  const failing = (query: SQL) => async (c: Context) => {
    await t.db.execute(query)
    return c.text('unreachable')
  }
  t.app.get('/probe/nul', failing(sql`SELECT ${'a\u0000b'}::text`))
  t.app.get('/probe/missing-table', failing(sql`SELECT * FROM no_such_table`))
  await t.db.execute(sql`CREATE TABLE probe (short varchar(2), once text UNIQUE)`)
  await t.db.execute(sql`INSERT INTO probe (once) VALUES ('taken')`)
})
afterAll(async () => {
  await t.close()
})

async function failureOf(query: SQL): Promise<unknown> {
  try {
    await t.db.execute(query)
  } catch (error) {
    return error
  }
  throw new Error('the query did not fail')
}

describe('dataException', () => {
  it.each([
    ['a NUL in text', sql`SELECT ${'a\u0000b'}::text`, '22021'],
    ['a NUL escape in JSON', sql`SELECT ${'"a\\u0000b"'}::jsonb`, '22P05'],
    ['an unpaired surrogate escape in JSON', sql`SELECT ${'"a\\ud800b"'}::jsonb`, '22P02'],
    ['a malformed uuid', sql`SELECT ${'not-a-uuid'}::uuid`, '22P02'],
    [
      'year 0 as JavaScript writes it',
      sql`SELECT ${new Date('0000-01-01T00:00:00+08:00').toISOString()}::timestamptz`,
      '22007',
    ],
    ['an impossible date', sql`SELECT ${'2024-02-30'}::date`, '22008'],
    ['an integer out of range', sql`SELECT ${'99999999999'}::int`, '22003'],
    ['a string too long for its column', sql`INSERT INTO probe (short) VALUES (${'abc'})`, '22001'],
  ])('classifies %s', async (_name, query, code) => {
    expect(dataException(await failureOf(query))).toBe(code)
  })

  // PGlite (wasm) does not surface stack-depth errors as 54001, so this one needs PostgreSQL.
  it.runIf(url)('classifies an expression nested deeper than the stack', async () => {
    expect(
      dataException(await failureOf(sql`SELECT ${'{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)}::jsonb #> '{}'`)),
    ).toBe('54001')
  })

  it('finds the code however deep the wrapping (PGlite and postgres-js shapes, drizzle around them)', () => {
    const driver = Object.assign(new Error('stack depth limit exceeded'), { code: '54001' })
    expect(dataException({ message: 'Failed query', cause: driver })).toBe('54001')
    expect(dataException({ message: 'rollback', cause: { message: 'Failed query', cause: driver } })).toBe('54001')
  })

  it('ignores errors that are not about the value', async () => {
    const unique = await failureOf(sql`INSERT INTO probe (once) VALUES ('taken')`)
    expect(uniqueViolation(unique)).toBe('probe_once_key')
    expect(dataException(unique)).toBeNull()
    expect(dataException(await failureOf(sql`SELECT * FROM no_such_table`))).toBeNull()
    expect(dataException(new Error('boom'))).toBeNull()
    expect(dataException(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBeNull()
    expect(dataException(null)).toBeNull()
  })
})

describe('a data exception that reaches the app', () => {
  it('answers 40000 in the wrapper, not 500', async () => {
    const response = await t.app.request('/probe/nul', { headers: { 'Accept-Language': 'en-US' } })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 40000,
      msg: 'Entries have errors, please correct and retry',
      data: null,
      isSuccess: false,
    })
  })

  it('still answers 50000 for an error that is not about the input', async () => {
    const response = await t.app.request('/probe/missing-table')
    expect(response.status).toBe(500)
    expect((await response.json()).code).toBe(50000)
  })
})
