/**
 * A button pressed in a signed-in frame before its page's code has arrived (a menu, the settings, a
 * phone's menu button, a row's filter: issue 24, the frame stands for half a second on a slow phone)
 * does nothing there. The boot script notes the last one pressed, and the page presses the same button
 * once it has taken over, focus with it, as if the press had come then. Kept free of imports: the boot
 * script and the entry chunk both carry it.
 *
 * A button is known across the takeover by its test id, else its label, else its text, and its place
 * among the buttons known alike (the rows' filter buttons share a label per name): the page draws the
 * frame's buttons again, with more of its own (a tab's close button), so a place among all buttons is
 * not the same button. A press whose button the page no longer draws is dropped. `<html data-early-press>`
 * says one is waiting: src/main.tsx loads this module only then (the shared entry stays as it was).
 */
type EarlyPress = { key: string; nth: number }
type EarlyPressWindow = { __earlyPress?: EarlyPress }

const keyOf = (button: HTMLButtonElement) =>
  button.dataset.testid ?? button.getAttribute('aria-label') ?? button.textContent?.trim() ?? ''

const buttonsKnownAs = (root: ParentNode, key: string) =>
  [...root.querySelectorAll('button')].filter((button) => keyOf(button) === key)

/** In a signed-in frame's boot script: notes the last button pressed in the frame until the page is live. */
export function holdEarlyPresses(): void {
  document.addEventListener(
    'click',
    (event) => {
      if (document.documentElement.dataset.live !== undefined) return
      const root = document.getElementById('root')
      const button = event.target instanceof Element ? event.target.closest('button') : null
      if (!root || !button || !root.contains(button) || button.disabled) return
      // Answered on their own: a form's submit (./early-submit.ts: the page takes the boxes' text) and
      // the palette's button (./boot/early-palette.ts).
      if ((button.form && button.type === 'submit') || button.dataset.testid === 'palette-button') return
      const key = keyOf(button)
      if (!key) return
      const early = window as EarlyPressWindow
      early.__earlyPress = { key, nth: buttonsKnownAs(root, key).indexOf(button) }
      document.documentElement.dataset.earlyPress = ''
    },
    true,
  )
}

/** Once the page has taken over the frame in `root`: presses the button pressed in the frame, if any (then forgotten). */
export function pressEarlyPress(root: HTMLElement): void {
  const early = window as EarlyPressWindow
  const press = early.__earlyPress
  delete early.__earlyPress
  delete document.documentElement.dataset.earlyPress
  const button = press && buttonsKnownAs(root, press.key)[press.nth]
  if (!button || button.disabled) return
  button.focus({ preventScroll: true })
  button.click()
}
