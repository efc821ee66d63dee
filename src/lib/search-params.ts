/**
 * Search params as the console writes and reads them: only objects and arrays travel as JSON; every
 * other value is plain text in the URL (`?status=2`, not `?status=%222%22`), read back as the text it
 * was and typed by the route's schema. The router's default turned `?q=true` into a boolean and
 * `?q=0314888` into the number 314888, and quoted a text that looked like a number when writing it.
 */
function structured(value: string): { value: unknown } | null {
  if (!/^["[{]/.test(value)) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    return null
  }
  // A quoted text is one that stringifySearch quoted because it would itself read as JSON.
  if (typeof parsed === 'string') return structured(parsed) ? { value: parsed } : null
  return parsed !== null && typeof parsed === 'object' ? { value: parsed } : null
}

export function parseSearch(searchText: string): Record<string, unknown> {
  const search: Record<string, unknown> = {}
  for (const [key, text] of new URLSearchParams(searchText.startsWith('?') ? searchText.slice(1) : searchText)) {
    // A repeated key keeps its first value: no page reads a list from repeats.
    if (Object.hasOwn(search, key)) continue
    search[key] = structured(text)?.value ?? text
  }
  return search
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined) continue
    // Text that would read back as JSON is quoted, so it stays text.
    const text =
      typeof value === 'object'
        ? JSON.stringify(value)
        : typeof value === 'string' && !structured(value)
          ? value
          : JSON.stringify(value)
    params.set(key, typeof value === 'number' || typeof value === 'boolean' ? String(value) : text)
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
