import { useId, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Copy, Info } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { serverMenuQuery } from '@/lib/server-menu'
import {
  DEFAULT_SETTINGS,
  MENU_WIDTH,
  persistedSettings,
  updateSettings,
  useSettings,
  type Settings,
} from '@/lib/settings'
import { showToast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Switch } from '@/components/ui/switch'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'

const PRESET_COLOURS = ['#165DFF', '#0FC6C2', '#00B42A', '#F77234', '#F53F3F', '#722ED1', '#3491FA', '#D91AD9']

type BooleanKey = 'navbar' | 'menu' | 'topMenu' | 'footer' | 'tabBar' | 'menuFromServer' | 'colorWeak'

function SettingRow({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <label htmlFor={htmlFor} className="text-sm">
        {label}
      </label>
      {children}
    </div>
  )
}

/** The settings drawer (SPEC §2): every switch applies at once and is kept in localStorage. */
export function SettingsDrawer() {
  const id = useId()
  const settings = useSettings()
  const queryClient = useQueryClient()

  async function toggleServerMenu(on: boolean) {
    if (!on) {
      updateSettings({ menuFromServer: false, serverMenu: [] })
      return
    }
    const toastId = 'server-menu'
    void showToast('loading', m.settings_menu_loading(), toastId)
    try {
      const menu = await queryClient.fetchQuery(serverMenuQuery())
      updateSettings({ menuFromServer: true, serverMenu: menu })
      void showToast('success', m.settings_menu_loaded(), toastId)
    } catch {
      void showToast('error', m.settings_menu_failed(), toastId)
    }
  }

  function toggle(key: BooleanKey, on: boolean) {
    if (key === 'menuFromServer') return void toggleServerMenu(on)
    // Top menu shows every entry: a collapsed side menu makes no sense there.
    if (key === 'topMenu' && on) return updateSettings({ topMenu: true, menuCollapse: false })
    updateSettings({ [key]: on } as Partial<Settings>)
  }

  const row = (key: BooleanKey, label: string) => (
    <SettingRow key={key} label={label} htmlFor={`${id}-${key}`}>
      <Switch
        id={`${id}-${key}`}
        checked={settings[key]}
        onCheckedChange={(on) => toggle(key, on)}
        data-testid={`setting-${key}`}
      />
    </SettingRow>
  )

  async function copySettings() {
    try {
      // What is copied is what is stored: a copy pasted into another browser's storage loads as is.
      await navigator.clipboard.writeText(JSON.stringify(persistedSettings(settings), null, 2))
      void showToast('success', m.settings_copied())
    } catch {
      void showToast('error', m.settings_copy_failed())
    }
  }

  return (
    <Sheet open={settings.globalSettings} onOpenChange={(open) => updateSettings({ globalSettings: open })}>
      <SheetContent
        closeLabel={m.common_close()}
        width={300}
        data-testid="settings-drawer"
        onCloseAutoFocus={(event) => {
          // Focus goes back to what opened the drawer, unless the navbar was hidden meanwhile, taking
          // its settings button: then to the floating one in its place.
          if (settings.navbar) return
          const opener = document.querySelector<HTMLElement>('[data-settings-opener]')
          if (!opener) return
          event.preventDefault()
          opener.focus()
        }}
      >
        <SheetHeader>
          <SheetTitle>{m.settings_title()}</SheetTitle>
          <SheetDescription>{m.settings_description()}</SheetDescription>
        </SheetHeader>
        <div className="flex-1 overflow-y-auto px-4 py-3">
          <h3 className="pt-1 pb-1 text-xs font-medium text-muted-foreground">{m.settings_section_theme()}</h3>
          <div className="flex flex-wrap items-center gap-2 py-2" role="group" aria-label={m.settings_theme_colour()}>
            {PRESET_COLOURS.map((colour) => (
              <button
                key={colour}
                type="button"
                aria-label={colour}
                aria-pressed={settings.themeColor.toLowerCase() === colour.toLowerCase()}
                onClick={() => updateSettings({ themeColor: colour })}
                style={{ backgroundColor: colour }}
                className="size-6 rounded border-2 border-transparent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:outline-none aria-pressed:border-foreground"
              />
            ))}
            <label className="flex items-center gap-1 text-xs text-muted-foreground">
              <input
                type="color"
                value={settings.themeColor}
                onChange={(event) => updateSettings({ themeColor: event.target.value.toUpperCase() })}
                aria-label={m.settings_theme_colour()}
                className="size-6 cursor-pointer rounded border border-border bg-transparent"
              />
              {settings.themeColor}
            </label>
          </div>
          <SettingRow label={m.settings_dark()} htmlFor={`${id}-dark`}>
            <Switch
              id={`${id}-dark`}
              checked={settings.theme === 'dark'}
              onCheckedChange={(on) => updateSettings({ theme: on ? 'dark' : 'light' })}
            />
          </SettingRow>

          <h3 className="pt-3 pb-1 text-xs font-medium text-muted-foreground">{m.settings_section_content()}</h3>
          {row('navbar', m.settings_navbar())}
          {row('menu', m.settings_menu())}
          {row('topMenu', m.settings_top_menu())}
          {row('footer', m.settings_footer())}
          {row('tabBar', m.settings_tab_bar())}
          {row('menuFromServer', m.settings_menu_from_server())}
          <SettingRow label={m.settings_menu_width()} htmlFor={`${id}-menuWidth`}>
            <MenuWidthInput id={`${id}-menuWidth`} width={settings.menuWidth} />
          </SettingRow>

          <h3 className="pt-3 pb-1 text-xs font-medium text-muted-foreground">{m.settings_section_other()}</h3>
          {row('colorWeak', m.settings_color_weak())}

          <p role="note" className="mt-4 flex gap-2 rounded bg-primary-1 p-3 text-xs text-primary-7">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            {m.settings_alert()}
          </p>
        </div>
        <div className="flex gap-2 border-t border-border p-4">
          <Button
            variant="outline"
            className="flex-1"
            onClick={() => updateSettings({ ...DEFAULT_SETTINGS, globalSettings: true })}
          >
            {m.settings_reset()}
          </Button>
          <Button className="flex-1" onClick={() => void copySettings()}>
            <Copy aria-hidden className="size-4" />
            {m.settings_copy()}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  )
}

/**
 * The menu width as typed. A width within bounds applies as it is typed; anything else waits and is
 * clamped when the user is done (Enter or leaving the field): clamping each keystroke turned the
 * first digit of '300' into the minimum.
 */
function MenuWidthInput({ id, width }: { id: string; width: number }): ReactNode {
  const [typed, setTyped] = useState<string | null>(null)
  const widthOf = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null)
  const commit = () => {
    if (typed === null) return
    const next = widthOf(typed)
    if (next !== null) updateSettings({ menuWidth: Math.min(MENU_WIDTH.max, Math.max(MENU_WIDTH.min, next)) })
    setTyped(null)
  }
  return (
    <Input
      id={id}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={typed ?? String(width)}
      onChange={(event) => {
        setTyped(event.target.value)
        const next = widthOf(event.target.value)
        if (next !== null && next >= MENU_WIDTH.min && next <= MENU_WIDTH.max) updateSettings({ menuWidth: next })
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit()
      }}
      aria-description={m.settings_menu_width_range({ min: MENU_WIDTH.min, max: MENU_WIDTH.max })}
      className="h-8 w-20 px-2"
    />
  )
}
