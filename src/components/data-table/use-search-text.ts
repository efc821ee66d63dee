import { useCallback, useEffect, useEffectEvent, useState } from 'react'
import { isCleanText } from '@contract/text'

type State = {
  /** What the search box shows. */
  text: string
  /** The URL's search text this state last saw. */
  synced: string
  /** Text this box wrote to the URL that the URL has not shown yet. */
  written: string | null
}

/**
 * A search box's text, written to the URL after a pause in typing, and following the URL when it
 * changes underneath (another tab of the same page, a menu link, back and forward). The URL wins:
 * text the box did not write replaces what it shows, and any write still waiting is dropped, so a
 * leftover text never rewrites the address the user just chose. Text the API would refuse (control
 * characters) is never written: the route's schema would drop it from the URL unseen, so the list
 * stays as it was while the search box says why (SearchBox).
 */
export function useSearchText(
  fromUrl: string,
  write: (text: string | undefined) => void,
  delayMs: number,
): [string, (text: string) => void] {
  const [state, setState] = useState<State>({ text: fromUrl, synced: fromUrl, written: null })
  if (fromUrl !== state.synced) {
    // Our own write coming back keeps what was typed since (the user may still be typing).
    const ours = fromUrl === state.written
    setState({ text: ours ? state.text : fromUrl, synced: fromUrl, written: null })
  }

  const send = useEffectEvent((text: string) => {
    setState((current) => ({ ...current, written: text }))
    write(text || undefined)
  })
  const wanted = state.text.trim()
  useEffect(() => {
    if (wanted === state.synced || wanted === state.written || !isCleanText(wanted)) return
    const timer = setTimeout(() => send(wanted), delayMs)
    return () => clearTimeout(timer)
  }, [wanted, state.synced, state.written, delayMs])

  // The same setter every render, so a memoised toolbar holding it stays put.
  const setText = useCallback((text: string) => setState((current) => ({ ...current, text })), [])
  return [state.text, setText]
}
