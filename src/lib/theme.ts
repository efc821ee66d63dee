import { DEFAULT_SETTINGS, type Settings } from './settings'

const PALETTE_KEY = 'theme-palette'
type CachedPalette = { key: string; list: string[] }

const paletteKey = (settings: Pick<Settings, 'theme' | 'themeColor'>) => `${settings.themeColor.toLowerCase()}|${settings.theme}`

function setPalette(list: string[] | null): void {
  const style = document.body.style
  for (let step = 1; step <= 10; step++) {
    const value = list?.[step - 1]
    if (value) style.setProperty(`--primary-${step}`, value)
    else style.removeProperty(`--primary-${step}`)
  }
}

function cachedPalette(key: string): string[] | null {
  try {
    const cached = JSON.parse(localStorage.getItem(PALETTE_KEY) ?? 'null') as CachedPalette | null
    return cached?.key === key && Array.isArray(cached.list) && cached.list.length === 10 ? cached.list : null
  } catch {
    return null
  }
}

/**
 * Applies the settings that live on the document: the dark-theme attribute, the colour-weak filter
 * and the theme colour's palette as CSS variables. The default colour's palettes are in the
 * stylesheet; another colour's palette is generated once (lazily: the generator is not part of the
 * first page) and cached, so later visits paint in it from the first frame.
 */
export function applyDocumentSettings(settings: Pick<Settings, 'theme' | 'colorWeak' | 'themeColor'>): void {
  const body = document.body
  if (settings.theme === 'dark') body.setAttribute('data-theme', 'dark')
  else body.removeAttribute('data-theme')
  body.classList.toggle('color-weak', settings.colorWeak)

  if (settings.themeColor.toLowerCase() === DEFAULT_SETTINGS.themeColor.toLowerCase()) {
    setPalette(null)
    return
  }
  const key = paletteKey(settings)
  const cached = cachedPalette(key)
  if (cached) {
    setPalette(cached)
    return
  }
  void import('./theme-palette').then(({ paletteFor }) => {
    const list = paletteFor(settings.themeColor, settings.theme === 'dark')
    localStorage.setItem(PALETTE_KEY, JSON.stringify({ key, list } satisfies CachedPalette))
    setPalette(list)
  })
}
