/**
 * What the visitor typed into a prerendered page before its code arrived. React hydrates a controlled
 * field with the state's value, so a form seeds its state from here (`typedBeforeHydration(name)`) and
 * what was typed stays, with the caret and the focus (the DOM nodes are kept). Read once, by
 * src/main.tsx, just before hydrating.
 */
const typed = new Map<string, string>()

export function rememberTypedValues(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]'))
    if (field.value !== field.defaultValue) typed.set(field.name, field.value)
}

/** The value typed into the field named `name` before hydration, or '' (then taken: later mounts start empty). */
export function typedBeforeHydration(name: string): string {
  const value = typed.get(name) ?? ''
  typed.delete(name)
  return value
}

/**
 * In a prerendered form page's boot script: a submit before the page's code arrives (Enter, or the
 * button pressed early on a slow phone) waits for the code instead of posting the form, which would
 * reload the page and lose what was typed. `takeEarlySubmit` then answers it once.
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

/** Once the page's code runs: whether its form was submitted before (then forgotten); marks the page live. */
export function takeEarlySubmit(): boolean {
  const { dataset } = document.documentElement
  dataset.live = ''
  const early = dataset.earlySubmit !== undefined
  delete dataset.earlySubmit
  return early
}
