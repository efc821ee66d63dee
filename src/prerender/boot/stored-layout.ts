/**
 * Part of a prerendered console page's boot script: the stored layout settings (src/lib/settings.ts)
 * applied to the prerendered frame before it paints, as tokens on <html data-frame> that the
 * stylesheet reads (src/styles/app.css: `[data-frame~=…]`): no navbar, no side menu (hidden, top menu),
 * a collapsed or resized menu, no tab bar, no footer, no phone's menu button. The frame was drawn with
 * the defaults on a wide screen (a phone's layout is the stylesheet's: src/styles/app.css); the app
 * draws the real layout when it takes over and removes the tokens (features/shell/console-layout.tsx).
 * Settings live in the browser only, so an inline script, not a file per combination, applies them.
 */
export function applyStoredLayout(): void {
  let settings: Record<string, unknown> | null = null
  try {
    settings = JSON.parse(localStorage.getItem('settings') ?? 'null') as Record<string, unknown> | null
  } catch {
    settings = null
  }
  if (!settings || typeof settings !== 'object') return
  const tokens: string[] = []
  // A phone's frame shows a menu button (src/styles/app.css), unless the menu is off.
  if (settings.menu === false) tokens.push('no-phone-menu')
  if (settings.navbar === false) tokens.push('no-navbar')
  if (settings.menu === false || settings.hideMenu === true || settings.topMenu === true) tokens.push('no-menu')
  else if (settings.menuCollapse === true) tokens.push('collapsed')
  if (settings.tabBar === false) tokens.push('no-tabs')
  if (settings.footer === false) tokens.push('no-footer')
  const root = document.documentElement
  if (tokens.length > 0) root.dataset.frame = tokens.join(' ')
  const width = settings.menuWidth
  if (typeof width === 'number' && width >= 160 && width <= 400 && !tokens.includes('collapsed'))
    root.style.setProperty('--frame-menu-width', `${width}px`)
}
