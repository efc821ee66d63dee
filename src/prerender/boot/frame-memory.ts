import type { FrameMemory } from '../frame-memory'
import { fillAsParsed } from './as-parsed'

/**
 * Part of a signed-in page's boot script (it runs at the top of <body>, before the frame's markup is
 * parsed): the remembered frame (../frame-memory.ts) applied as the markup arrives. The role's variant
 * is a `data-frame` token the page's generated styles read (scripts/prerender.mjs hides what the role
 * does not have); each remembered text replaces the frame's as its element is parsed (./as-parsed.ts,
 * once the parser is past the element: text it adds later would follow the remembered one).
 * `sameScope`: the frame shows the market the texts name.
 */
export function applyFrameMemory(memory: FrameMemory, sameScope: boolean): void {
  const root = document.documentElement
  if (memory.variant) root.dataset.frame = `${root.dataset.frame ?? ''} ${memory.variant}`.trim()
  const texts = { ...memory.texts, ...(sameScope ? memory.scopeTexts : {}) }
  const fills = Object.fromEntries(
    Object.entries(texts).map(([selector, parts]) => [
      selector,
      (element: Element) => element.replaceChildren(...parts.map((text) => document.createTextNode(text))),
    ]),
  )
  fillAsParsed(fills, true)
}
