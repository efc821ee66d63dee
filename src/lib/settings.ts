import * as v from 'valibot'
import { useSelector } from '@tanstack/react-store'
import { persistedStore } from './persisted-store'
import { writeViewCookie } from './view-cookie'

/** Console settings (SPEC §3), persisted in localStorage and applied at once. */
export type ServerMenuEntry = { name: string; children?: ServerMenuEntry[] }
export type Settings = {
  theme: 'light' | 'dark'
  colorWeak: boolean
  navbar: boolean
  menu: boolean
  topMenu: boolean
  hideMenu: boolean
  menuCollapse: boolean
  footer: boolean
  themeColor: string
  menuWidth: number
  globalSettings: boolean
  device: 'desktop' | 'mobile'
  tabBar: boolean
  menuFromServer: boolean
  serverMenu: ServerMenuEntry[]
  /**
   * Read by nothing: SPEC §3 lists it among the settings, so it is kept, stored and copied with the
   * others, and a settings object from another SPEC console still loads unchanged.
   */
  showOther: boolean
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'light',
  colorWeak: false,
  navbar: true,
  menu: true,
  topMenu: false,
  hideMenu: false,
  menuCollapse: false,
  footer: true,
  themeColor: '#165DFF',
  menuWidth: 220,
  globalSettings: false,
  device: 'desktop',
  tabBar: true,
  menuFromServer: false,
  serverMenu: [],
  showOther: false,
}

export const MENU_WIDTH = { min: 160, max: 400 }
export const HexColourSchema = v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/i))

/** The server menu is session data and the open drawer is a moment, not preferences. */
type Persisted = Omit<Settings, 'serverMenu' | 'globalSettings'>

export function persistedSettings(settings: Settings): Persisted {
  const { serverMenu: _serverMenu, globalSettings: _open, ...persisted } = settings
  return persisted
}

type Flag = { [K in keyof Persisted]: Persisted[K] extends boolean ? K : never }[keyof Persisted]
// Each field falls back on its own: one bad value costs that setting, not all of them.
const flag = (key: Flag) => v.fallback(v.boolean(), DEFAULT_SETTINGS[key])
const SettingsSchema = v.pipe(
  v.object({
    theme: v.fallback(v.picklist(['light', 'dark']), DEFAULT_SETTINGS.theme),
    colorWeak: flag('colorWeak'),
    navbar: flag('navbar'),
    menu: flag('menu'),
    topMenu: flag('topMenu'),
    hideMenu: flag('hideMenu'),
    menuCollapse: flag('menuCollapse'),
    footer: flag('footer'),
    themeColor: v.fallback(HexColourSchema, DEFAULT_SETTINGS.themeColor),
    menuWidth: v.fallback(
      v.pipe(v.number(), v.integer(), v.minValue(MENU_WIDTH.min), v.maxValue(MENU_WIDTH.max)),
      DEFAULT_SETTINGS.menuWidth,
    ),
    device: v.fallback(v.picklist(['desktop', 'mobile']), DEFAULT_SETTINGS.device),
    tabBar: flag('tabBar'),
    menuFromServer: flag('menuFromServer'),
    showOther: flag('showOther'),
  } satisfies { [K in keyof Persisted]: v.GenericSchema<unknown, Persisted[K]> }),
  v.transform((stored): Settings => ({ ...DEFAULT_SETTINGS, ...stored })),
)

export const settingsStore = persistedStore({
  key: 'settings',
  schema: SettingsSchema,
  fallback: DEFAULT_SETTINGS,
  persist: persistedSettings,
})

// The server picks a prerendered page's theme from this cookie (src/lib/view-cookie.ts).
settingsStore.subscribe((settings) => writeViewCookie(settings.theme))

export function updateSettings(patch: Partial<Settings>): void {
  settingsStore.setState((previous) => ({ ...previous, ...patch }))
}

export const useSettings = () => useSelector(settingsStore)
