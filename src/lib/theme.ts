import * as v from 'valibot'
import { persistedStore } from './persisted-store'
import { DEFAULT_SETTINGS, HexColourSchema, type Settings } from './settings'

/** The last generated palette, so a reload paints in the theme colour from the first frame. */
const paletteStore = persistedStore({
  key: 'theme-palette',
  schema: v.nullable(v.object({ key: v.string(), list: v.pipe(v.array(HexColourSchema), v.length(10)) })),
  fallback: null,
})

const paletteKey = (settings: Pick<Settings, 'theme' | 'themeColor'>) =>
  `${settings.themeColor.toLowerCase()}|${settings.theme}`

function setPalette(list: string[] | null): void {
  const style = document.body.style
  for (let step = 1; step <= 10; step++) {
    const value = list?.[step - 1]
    if (value) style.setProperty(`--primary-${step}`, value)
    else style.removeProperty(`--primary-${step}`)
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
  const cached = paletteStore.state
  if (cached?.key === key) {
    setPalette(cached.list)
    return
  }
  void import('./theme-palette').then(({ paletteFor }) => {
    const list = paletteFor(settings.themeColor, settings.theme === 'dark')
    paletteStore.setState(() => ({ key, list }))
    setPalette(list)
  })
}
