/**
 * Part of a boot script (it runs at the top of <body>, before the frame's markup is parsed): each
 * selector's `fill` runs on its element as the parser adds it, before the browser paints it (a
 * mutation observer's callback runs before the paint of what the parser added). `afterItsEnd`: wait
 * until the parser is past the element's end (text put in would be followed by children it adds
 * later); an element filled by its attributes is filled as soon as it is there.
 */
export function fillAsParsed(fills: Record<string, (element: Element) => void>, afterItsEnd: boolean): void {
  const pending = new Set(Object.keys(fills))
  if (pending.size === 0) return
  const fill = (parsedWhole: boolean) => {
    for (const selector of pending) {
      const element = document.querySelector(selector)
      if (!element || (afterItsEnd && !parsedWhole && !closed(element))) continue
      fills[selector]?.(element)
      pending.delete(selector)
    }
    if (pending.size === 0) observer.disconnect()
  }
  const observer = new MutationObserver(() => fill(false))
  observer.observe(document.documentElement, { childList: true, subtree: true })
  // Parsed whole: the last elements are filled; whatever was not found is not in this frame.
  document.addEventListener(
    'DOMContentLoaded',
    () => {
      fill(true)
      observer.disconnect()
    },
    { once: true },
  )
}

/** Whether something follows the element in the document: then the parser is past its end. */
function closed(element: Element): boolean {
  for (let node: Node | null = element; node; node = node.parentNode) if (node.nextSibling) return true
  return false
}
