import { beforeEach, describe, expect, it, vi } from 'vitest'

// Each case loads the module afresh, as a page load would, over what the previous visit stored.
const load = async (stored?: unknown) => {
  localStorage.clear()
  if (stored !== undefined)
    localStorage.setItem('settings', typeof stored === 'string' ? stored : JSON.stringify(stored))
  vi.resetModules()
  return import('./settings')
}

beforeEach(() => localStorage.clear())

describe('settings store', () => {
  it('keeps good stored settings and falls back field by field on bad ones', async () => {
    const { settingsStore, DEFAULT_SETTINGS } = await load({
      theme: 'dark',
      footer: false,
      menuWidth: 'wide',
      themeColor: 'red;',
      device: 'tv',
    })
    expect(settingsStore.state).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', footer: false })
  })

  it('starts from the defaults over a value that is not a settings object', async () => {
    for (const stored of ['[1,2]', 'not json', '42']) {
      const { settingsStore, DEFAULT_SETTINGS } = await load(stored)
      expect(settingsStore.state).toEqual(DEFAULT_SETTINGS)
    }
  })

  it('never reads or writes the server menu or the open drawer', async () => {
    const { settingsStore, updateSettings } = await load({
      serverMenu: [{ name: 'market' }],
      globalSettings: true,
      showOther: true,
    })
    expect(settingsStore.state).toMatchObject({ serverMenu: [], globalSettings: false, showOther: true })
    updateSettings({ serverMenu: [{ name: 'device' }], globalSettings: true, colorWeak: true })
    const stored = JSON.parse(localStorage.getItem('settings')!) as Record<string, unknown>
    expect(stored).toMatchObject({ colorWeak: true, showOther: true })
    expect(stored).not.toHaveProperty('serverMenu')
    expect(stored).not.toHaveProperty('globalSettings')
  })
})
