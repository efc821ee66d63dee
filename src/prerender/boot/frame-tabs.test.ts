import { afterEach, describe, expect, it } from 'vitest'
import { readFrameTabs, TABS_KEY, writeFrameTabs, type FrameTab } from '../frame-tabs'
import { applyFrameTabs } from './frame-tabs'

const tab = (fullPath: string, label: string, pinned = false): FrameTab => ({
  fullPath,
  label,
  closeLabel: pinned || fullPath.startsWith('/dashboard') ? '' : `Close ${label}`,
  address: decodeURI(fullPath),
  pinned,
})
const WORKPLACE = tab('/dashboard/workplace', 'Workplace')
const MERCHANTS = tab('/merchant?q=%E5%94%90', 'Merchant management · 唐')
const DEVICES = tab('/device', 'Device management')
const LOG = tab('/audit', 'Operation log', true)

/** The window's open tabs as src/lib/tabs.ts keeps them. */
const keepOpen = (tabs: FrameTab[], storage: Storage = sessionStorage) =>
  storage.setItem(
    TABS_KEY,
    JSON.stringify({ tabs: tabs.map(({ fullPath, pinned }) => ({ name: 'x', title: 'x', fullPath, pinned })) }),
  )

/** The frame's bar as the prerender draws it: the Workplace's tab, then a template of each kind. */
const template = (kind: string, current: boolean, closable: boolean) =>
  `<template data-frame-tab="${kind}"><div data-tab-path="/${kind}" class="${current ? 'now' : 'other'}">` +
  `<a id="r1" href="/${kind}" title="/${kind}" tabindex="-1"${current ? ' aria-current="page"' : ''}>` +
  `${kind.startsWith('pinned') ? '<svg role="img"></svg>' : ''}-</a>` +
  `${closable ? '<button aria-label="Close -">x</button>' : ''}</div></template>`
const FRAME_BAR =
  '<nav data-testid="tab-list"><div data-tab-path="/dashboard/workplace" class="other">' +
  '<a href="/dashboard/workplace" title="/dashboard/workplace" tabindex="0">Workplace</a></div>' +
  template('closable', false, true) +
  template('closable-current', true, true) +
  template('pinned', false, false) +
  template('pinned-current', true, false) +
  '</nav><i></i>'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const drawnTabs = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="tab-list"] > [data-tab-path]')].map((item) => {
    const link = item.querySelector('a') as HTMLAnchorElement
    return {
      path: item.dataset.tabPath,
      href: link.getAttribute('href'),
      title: link.title,
      text: link.textContent,
      current: link.getAttribute('aria-current') === 'page',
      stop: link.tabIndex,
      pin: link.querySelector('svg') !== null,
      close: item.querySelector('button')?.getAttribute('aria-label') ?? null,
      id: link.id,
    }
  })

afterEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  document.body.replaceChildren()
  history.replaceState(null, '', '/')
})

describe("the frame's tab bar (issue 24 §2)", () => {
  it("draws the window's open tabs as the bar last drew them, the current page's marked, before the code runs", async () => {
    const open = [WORKPLACE, LOG, MERCHANTS, DEVICES]
    keepOpen(open)
    writeFrameTabs('en-US', open)
    history.replaceState(null, '', '/merchant?q=%E5%94%90')
    applyFrameTabs('en-US')
    document.body.innerHTML = FRAME_BAR
    await settle()
    expect(drawnTabs()).toEqual([
      {
        path: '/dashboard/workplace',
        href: '/dashboard/workplace',
        title: '/dashboard/workplace',
        text: 'Workplace',
        current: false,
        stop: -1,
        pin: false,
        close: null,
        id: '',
      },
      {
        path: '/audit',
        href: '/audit',
        title: '/audit',
        text: 'Operation log',
        current: false,
        stop: -1,
        pin: true,
        close: null,
        id: '',
      },
      {
        path: '/merchant?q=%E5%94%90',
        href: '/merchant?q=%E5%94%90',
        title: '/merchant?q=唐',
        text: 'Merchant management · 唐',
        current: true,
        stop: 0,
        pin: false,
        close: 'Close Merchant management · 唐',
        id: '',
      },
      {
        path: '/device',
        href: '/device',
        title: '/device',
        text: 'Device management',
        current: false,
        stop: -1,
        pin: false,
        close: 'Close Device management',
        id: '',
      },
    ])
    // The templates are gone with the frame's own bar.
    expect(document.querySelectorAll('template')).toHaveLength(0)
  })

  it("keeps the Workplace's tab the one Tab stop when the current page has no tab yet", async () => {
    keepOpen([WORKPLACE, DEVICES])
    writeFrameTabs('en-US', [WORKPLACE, DEVICES])
    history.replaceState(null, '', '/complaint')
    applyFrameTabs('en-US')
    document.body.innerHTML = FRAME_BAR
    await settle()
    expect(drawnTabs().map(({ path, current, stop }) => ({ path, current, stop }))).toEqual([
      { path: '/dashboard/workplace', current: false, stop: 0 },
      { path: '/device', current: false, stop: -1 },
    ])
  })

  it('leaves the frame’s bar as drawn when the words are another language’s, another window’s, or damaged', async () => {
    const cases: Array<() => void> = [
      () => writeFrameTabs('zh-CN', [WORKPLACE, DEVICES]),
      // Another window wrote the words last: this window's tabs differ.
      () => {
        writeFrameTabs('en-US', [WORKPLACE, MERCHANTS])
      },
      // The same addresses, but one since pinned.
      () => writeFrameTabs('en-US', [WORKPLACE, { ...DEVICES, pinned: true }]),
      () => sessionStorage.setItem('frame-tabs', '{"locale":"en-US","tabs":[{"fullPath":"//evil.example"}]}'),
      () => sessionStorage.setItem('frame-tabs', '{not json'),
      // Never a link to another site, even when both records name it.
      () => {
        const elsewhere = { ...DEVICES, fullPath: '//evil.example/device' }
        keepOpen([WORKPLACE, elsewhere])
        writeFrameTabs('en-US', [WORKPLACE, elsewhere])
      },
    ]
    for (const damage of cases) {
      sessionStorage.clear()
      keepOpen([WORKPLACE, DEVICES])
      damage()
      applyFrameTabs('en-US')
      document.body.innerHTML = FRAME_BAR
      await settle()
      expect(drawnTabs().map(({ path }) => path)).toEqual(['/dashboard/workplace'])
      expect(document.querySelectorAll('template')).toHaveLength(4)
    }
  })

  it("reads a new window's tabs where it starts from: what the last window kept in localStorage", () => {
    keepOpen([WORKPLACE, DEVICES], localStorage)
    localStorage.setItem('frame-tabs', JSON.stringify({ locale: 'en-US', tabs: [WORKPLACE, DEVICES] }))
    expect(readFrameTabs('en-US')).toEqual([WORKPLACE, DEVICES])
    // This window's own tabs come first.
    keepOpen([WORKPLACE])
    expect(readFrameTabs('en-US')).toBeNull()
  })
})
