/**
 * A language chosen in a prerendered page's switch (`select[name=locale]`) before the page's code
 * arrives. React hydrates the select with the language its state holds, which would quietly undo the
 * choice, so the boot script notes it and the switch applies it once live (`takeEarlyLocale`), as if
 * chosen then: the page hydrates in the language it was drawn in first, so typed values and the focus
 * stay, then re-renders in the chosen one.
 */
export function holdEarlyLocaleSwitch(): void {
  document.addEventListener(
    'change',
    (event) => {
      const { dataset } = document.documentElement
      if (dataset.live !== undefined) return
      const target = event.target
      if (target instanceof HTMLSelectElement && target.name === 'locale') dataset.earlyLocale = target.value
    },
    true,
  )
}

/** Once the page's code runs: the language chosen before it arrived, if any (then forgotten). */
export function takeEarlyLocale(): string | undefined {
  const { dataset } = document.documentElement
  const early = dataset.earlyLocale
  delete dataset.earlyLocale
  return early
}
