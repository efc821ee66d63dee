import type { FrameMemory } from '../frame-memory'

/**
 * Part of a signed-in page's boot script (it runs at the top of <body>, before the frame's markup is
 * parsed): the remembered frame (../frame-memory.ts) applied as the markup arrives. The role's variant
 * is a `data-frame` token the page's generated styles read (scripts/prerender.mjs hides what the role
 * does not have); each remembered text replaces the frame's as its element is parsed (a mutation
 * observer's callback runs before the browser paints what the parser added). `sameScope`: the frame
 * shows the market the texts name.
 */
export function applyFrameMemory(memory: FrameMemory, sameScope: boolean): void {
  const root = document.documentElement
  if (memory.variant) root.dataset.frame = `${root.dataset.frame ?? ''} ${memory.variant}`.trim()
  const texts = { ...memory.texts, ...(sameScope ? memory.scopeTexts : {}) }
  const pending = new Set(Object.keys(texts))
  if (pending.size === 0) return
  const fill = (parsedWhole: boolean) => {
    for (const selector of pending) {
      const element = document.querySelector(selector)
      // Only an element the parser has closed: text it adds later would follow the remembered one.
      if (!element || !(parsedWhole || closed(element))) continue
      element.replaceChildren(...(texts[selector] ?? []).map((text) => document.createTextNode(text)))
      pending.delete(selector)
    }
    if (pending.size === 0) observer.disconnect()
  }
  const observer = new MutationObserver(() => fill(false))
  observer.observe(root, { childList: true, subtree: true })
  // Parsed whole: the last texts go in; whatever was not found is not in this frame.
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
