/**
 * In a prerendered page's boot script (the sign-in form's, a signed-in frame's): a submit before the
 * page's code arrives (Enter, or the button pressed early on a slow phone) waits for the code instead
 * of posting the form, which would reload the page and lose what was typed. `takeEarlySubmit` then
 * answers it once (the sign-in page); a frame's page takes its boxes' text instead.
 */
export function holdEarlySubmits(): void {
  document.addEventListener(
    'submit',
    (event) => {
      // Live (takeEarlySubmit marks it with an empty value): the page's own handler answers.
      if (document.documentElement.dataset.live !== undefined) return
      event.preventDefault()
      document.documentElement.dataset.earlySubmit = ''
    },
    true,
  )
}

/** The page's code runs: submits are its own again (holdEarlySubmits lets them through). */
export function markPageLive(): void {
  document.documentElement.dataset.live = ''
}

/** Once the page's code runs: whether its form was submitted before (then forgotten); marks the page live. */
export function takeEarlySubmit(): boolean {
  const { dataset } = document.documentElement
  markPageLive()
  const early = dataset.earlySubmit !== undefined
  delete dataset.earlySubmit
  return early
}
