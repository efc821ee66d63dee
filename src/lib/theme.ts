import type { Settings } from './settings'

/** Applies the settings that live on the document: dark theme attribute and the colour-weak filter. */
export function applyDocumentSettings(settings: Pick<Settings, 'theme' | 'colorWeak'>): void {
  const body = document.body
  if (settings.theme === 'dark') body.setAttribute('data-theme', 'dark')
  else body.removeAttribute('data-theme')
  body.classList.toggle('color-weak', settings.colorWeak)
}
