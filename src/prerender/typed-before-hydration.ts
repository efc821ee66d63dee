import { useEffect } from 'react'

/**
 * What the visitor typed or chose in a prerendered page before its code arrived: a form's fields before
 * hydration, a list frame's search and filters before the takeover. React hydrates a controlled field
 * with the state's value, so a form seeds its state from here (`typedBeforeHydration(name)`) and what
 * was typed stays, with the caret and the focus (the DOM nodes are kept); a list's filters take theirs
 * once mounted (`useChosenInFrame`), the field that had the focus getting it back. Read once, by
 * src/main.tsx, just before hydrating or taking the frame over.
 */
const typed = new Map<string, string>()
let focusedName: string | null = null

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

export function rememberTypedValues(root: HTMLElement): void {
  for (const field of root.querySelectorAll<Field>('input[name], textarea[name], select[name]'))
    if (field.value !== defaultValueOf(field)) typed.set(field.name, field.value)
  const active = document.activeElement
  focusedName = active && root.contains(active) && isField(active) && active.name ? active.name : null
}

/**
 * The value typed into the field named `name` before hydration, or ''. Read, not taken: React may run
 * a render more than once before it commits (a hydration restarted by an early key), and each must see
 * it; the page forgets it once committed (`forgetTypedValues`), so a later mount starts empty.
 */
export function typedBeforeHydration(name: string): string {
  return typed.get(name) ?? ''
}

/** What was typed into the fields `names` before hydration, forgotten (a committed page took it). */
export function forgetTypedValues(names: readonly string[]): void {
  for (const name of names) typed.delete(name)
}

/** Whether the field named `name` had the focus when its page's code took over (then forgotten). */
function focusedBeforeTakeover(name: string): boolean {
  if (focusedName !== name) return false
  focusedName = null
  return true
}

/**
 * A list's search or filter fields named `names` (the address's parameters they set), on their first
 * mount after the page took its prerendered frame over: what was typed or chosen in the frame's fields
 * of those names before the code arrived is given to `take` once (only the names that have a value),
 * with the name of the one that had the focus (its text may be unfinished), and that field has the focus
 * again. Nothing chosen: `take` is not called.
 * Later mounts start from the address alone.
 */
export function useChosenInFrame<Name extends string>(
  names: readonly Name[],
  take: (chosen: Partial<Record<Name, string>>, focused: Name | undefined) => void,
): void {
  useEffect(() => {
    const chosen: Partial<Record<Name, string>> = {}
    let any = false
    for (const name of names) {
      const value = typedBeforeHydration(name)
      forgetTypedValues([name])
      if (value === '') continue
      chosen[name] = value
      any = true
    }
    const focused = names.find(focusedBeforeTakeover)
    if (any) take(chosen, focused)
    if (focused)
      [...document.querySelectorAll<HTMLElement>('[name]')]
        .find((field) => field.getAttribute('name') === focused)
        ?.focus()
    // Once, on the first mount after a takeover.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

function defaultValueOf(field: Field): string {
  if (!(field instanceof HTMLSelectElement)) return field.defaultValue
  const options = [...field.options]
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? ''
}

function isField(element: Element): element is Field {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  )
}
