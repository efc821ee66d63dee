import { createStore, useStore } from './store'

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

const STORAGE_KEY = 'settings'

function load(): Settings {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Settings>
    const merged = { ...DEFAULT_SETTINGS }
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
      if (key in stored && typeof stored[key] === typeof DEFAULT_SETTINGS[key]) {
        ;(merged as Record<string, unknown>)[key] = stored[key]
      }
    }
    return merged
  } catch {
    return { ...DEFAULT_SETTINGS }
  }
}

export const settingsStore = createStore<Settings>(typeof localStorage === 'undefined' ? DEFAULT_SETTINGS : load())

export function updateSettings(patch: Partial<Settings>): void {
  settingsStore.set((previous) => ({ ...previous, ...patch }))
  // The server menu is session data, not a preference: it is not persisted.
  const { serverMenu: _serverMenu, globalSettings: _open, ...persisted } = settingsStore.get()
  localStorage.setItem(STORAGE_KEY, JSON.stringify(persisted))
}

export const useSettings = () => useStore(settingsStore)
