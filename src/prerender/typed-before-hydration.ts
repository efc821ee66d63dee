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
