import type { TestApp } from './test-app'
import { XSRF } from './test-app'
import { PNG } from './images'
import { markersOf, type Caller, type World } from './walk-world'
import type { Aim, Row } from './walk-routes'

/** What the walk reads of an answer: its code (20000 for a file, a page, a stream or a CSV) and its text. */
export type Read = { code: number; text: string; json: unknown }

/** The places each caller may see rows of; everyone else sees none. */
const VISIBLE: Partial<Record<Caller, readonly ('A' | 'B' | 'C')[]>> = {
  marketA: ['A'],
  deviceA: ['A'],
  marketB: ['B'],
  official: ['A', 'B', 'C'],
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A marker as a whole word: DEV-1-4 is not found inside DEV-1-44, nor 7777 inside 77770. */
const wordOf = (marker: string) => new RegExp(`(?<![0-9A-Za-z])${escape(marker)}(?![0-9A-Za-z])`)

/** The markers of every place a caller may not see, each as a pattern. */
export function forbiddenMarkers(world: World, caller: Caller): { marker: string; pattern: RegExp }[] {
  const visible = VISIBLE[caller] ?? []
  return (['A', 'B', 'C'] as const)
    .filter((name) => !visible.includes(name))
    .flatMap((name) => markersOf(world.places[name]))
    .map((marker) => ({ marker, pattern: wordOf(marker) }))
}

/** The marker words an answer must hold when the row shows rows: the caller's scope, or its own market. */
export function shownMarkers(row: Row, aim: Aim): string[] {
  if (!row.shows) return []
  if (row.shows === 'own') return [aim.own.marker]
  return (VISIBLE[aim.caller] ?? []).filter((name) => name !== 'C').map((name) => `QZX${name}`)
}

/**
 * Figures that took in one of B's: A's amounts are whole yuan and its passenger counts multiples of
 * ten, B's never (walk-world.ts), so a sum holding any of B's shows here even when no name does.
 */
export function foreignFigures(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => foreignFigures(item, `${at}[${i}]`))
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, item]) => {
    const where = `${at}.${key}`
    if (typeof item !== 'number') return foreignFigures(item, where)
    if (/Fen$/.test(key) && item % 100 !== 0) return [`${where} = ${item}`]
    if (/^(in|out|passengersIn|passengersOut)$/.test(key) && item % 10 !== 0) return [`${where} = ${item}`]
    return []
  })
}

/** Reads an event stream up to its first event (`ready`), then closes it. */
async function firstEvent(response: Response): Promise<string> {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  while (!text.includes('\n\n')) {
    const { value, done } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
  }
  await reader.cancel()
  return text
}

/** Sends a row's request as the caller (with the XSRF pair a console sends) and reads the answer. */
export async function send(t: TestApp, row: Row, aim: Aim, auth: string | null): Promise<Read> {
  const path = row.path ? row.path(aim) : row.route
  if (row.route === '/api/files' && row.method === 'POST') {
    const answer = await t.upload(PNG, { ...(auth ? { token: auth } : {}), type: 'image/png', filename: 'a.png' })
    return { code: answer.body.code, text: JSON.stringify(answer.body), json: answer.body }
  }
  const headers: Record<string, string> = {
    'Accept-Language': 'en-US',
    Cookie: `XSRF-TOKEN=${XSRF}`,
    'X-XSRF-TOKEN': XSRF,
  }
  if (auth) headers.Authorization = auth
  const body = row.body ? JSON.stringify(row.body(aim)) : undefined
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await t.app.request(path, { method: row.method, headers, ...(body === undefined ? {} : { body }) })
  const type = response.headers.get('Content-Type') ?? ''
  if (response.status === 200 && type.startsWith('text/event-stream'))
    return { code: 20000, text: await firstEvent(response), json: null }
  if (response.status === 200 && type.startsWith('image/')) {
    await response.body?.cancel()
    return { code: 20000, text: '', json: null }
  }
  const text = await response.text()
  if (response.status === 200 && (row.kind === 'page' || type.startsWith('text/csv')))
    return { code: 20000, text, json: null }
  const json = JSON.parse(text) as { code: number }
  return { code: json.code, text, json }
}
