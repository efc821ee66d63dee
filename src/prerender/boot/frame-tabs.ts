import { readFrameTabs, type FrameTab, type FrameTabKind } from '../frame-tabs'
import { fillAsParsed } from './as-parsed'

/**
 * Part of a signed-in page's boot script (it runs at the top of <body>, before the frame's markup is
 * parsed): the window's open tabs, as the bar last drew them (../frame-tabs.ts), drawn into the frame's
 * bar once the parser is past it, each from the prerendered template of its kind, the current page's
 * marked; the Workplace's tab is the frame's own. Nothing kept, or kept for other tabs: the frame's bar
 * stays as drawn, and the takeover adds the rest.
 */
export function applyFrameTabs(locale: string): void {
  const tabs = readFrameTabs(locale)
  if (!tabs) return
  fillAsParsed({ '[data-testid="tab-list"]': (bar) => drawTabs(bar, tabs) }, true)
}

const KINDS = [
  ['closable', 'closable-current'],
  ['pinned', 'pinned-current'],
] as const satisfies FrameTabKind[][]

function drawTabs(bar: Element, tabs: FrameTab[]): void {
  const home = bar.querySelector<HTMLElement>('[data-tab-path]')
  const template = (kind: FrameTabKind) =>
    bar.querySelector<HTMLTemplateElement>(`template[data-frame-tab="${kind}"]`)?.content.firstElementChild ?? null
  const [first, ...rest] = tabs
  // The Workplace's tab comes first in every bar (src/lib/tabs.ts).
  if (!home || !first || first.fullPath.split('?')[0] !== home.dataset.tabPath?.split('?')[0]) return
  const here = location.pathname + location.search
  const drawn: Element[] = []
  for (const tab of rest) {
    const current = tab.fullPath === here
    const model = template(KINDS[tab.pinned ? 1 : 0][current ? 1 : 0])
    if (!model) return
    const item = model.cloneNode(true) as HTMLElement
    item.dataset.tabPath = tab.fullPath
    const link = item.querySelector('a')
    if (!link) return
    // The template's id would be repeated: the frame's tab menu never opens, nothing refers to it.
    link.removeAttribute('id')
    link.setAttribute('href', tab.fullPath)
    link.title = tab.address
    link.tabIndex = current ? 0 : -1
    const words = [...link.childNodes].findLast((node) => node instanceof Text)
    if (words) words.data = tab.label
    else link.append(tab.label)
    item.querySelector('button')?.setAttribute('aria-label', tab.closeLabel)
    drawn.push(item)
  }
  const homeLink = home.querySelector('a')
  home.dataset.tabPath = first.fullPath
  homeLink?.setAttribute('href', first.fullPath)
  if (homeLink) homeLink.title = first.address
  // The bar is one Tab stop: the current page's tab when it is drawn.
  if (homeLink && rest.some((tab) => tab.fullPath === here)) homeLink.tabIndex = -1
  bar.replaceChildren(home, ...drawn)
}
