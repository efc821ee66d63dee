/**
 * Requests a page's inline boot script starts from the HTML, before the app's code has arrived
 * (issue 24: the Workplace's user info and today's figures), and the hand-over to the app: the boot
 * script leaves each answer's promise on `window.__early` under its method and address, and the first
 * `api()` call of exactly that method and address takes it instead of asking again. Taken once: a later
 * call (a refresh) goes to the network. Kept free of imports: the boot script bundles it.
 */
export type EarlyAnswer = { status: number; text: string }

type EarlyWindow = { __early?: Record<string, Promise<EarlyAnswer | null>> }

const keyOf = (method: string, url: string) => `${method} ${url}`
const store = (): Record<string, Promise<EarlyAnswer | null>> | undefined =>
  typeof window === 'undefined' ? undefined : (window as EarlyWindow).__early

/** Starts a GET or a body-less POST with the console's headers and leaves its answer for the app. */
export function startEarly(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
): Promise<EarlyAnswer | null> {
  const early = ((window as EarlyWindow).__early ??= {})
  return (early[keyOf(method, url)] = fetch(url, { method, headers, credentials: 'same-origin' }).then(
    async (response) => ({ status: response.status, text: await response.text() }),
    // No answer (offline, aborted by leaving): the app asks again itself.
    () => null,
  ))
}

/**
 * The answer the boot script started for this request, once (null when there is none, or it got no
 * answer: then the caller sends the request itself).
 */
export function takeEarly(method: string, url: string): Promise<EarlyAnswer | null> | null {
  const early = store()
  const key = keyOf(method, url)
  const answer = early?.[key]
  if (!early || !answer) return null
  delete early[key]
  return answer
}
