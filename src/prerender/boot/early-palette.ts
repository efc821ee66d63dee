/**
 * Part of a prerendered console page's boot script: the command palette asked for before the app's
 * code has arrived (Ctrl/Cmd+K, or a click on the frame's palette button) is remembered on
 * `window.__paletteAsked`, and the console layout opens it when it takes over
 * (features/shell/console-layout.tsx). Once it has (`__frameTakenOver`), the app's own listeners answer.
 */
export type EarlyPaletteWindow = { __paletteAsked?: boolean; __frameTakenOver?: boolean }

export function rememberPaletteAsk(): void {
  const early = window as EarlyPaletteWindow
  document.addEventListener('keydown', (event) => {
    if (early.__frameTakenOver || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'k') return
    event.preventDefault()
    early.__paletteAsked = true
  })
  document.addEventListener('click', (event) => {
    if (early.__frameTakenOver) return
    if (event.target instanceof Element && event.target.closest('[data-testid="palette-button"]'))
      early.__paletteAsked = true
  })
}
