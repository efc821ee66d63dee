import { Moon, Sun } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { updateSettings, useSettings } from '@/lib/settings'
import { Button } from '@/components/ui/button'

export function ThemeToggle() {
  const { theme } = useSettings()
  const dark = theme === 'dark'
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={dark}
      aria-label={dark ? m.theme_light() : m.theme_dark()}
      title={dark ? m.theme_light() : m.theme_dark()}
      onClick={() => updateSettings({ theme: dark ? 'light' : 'dark' })}
    >
      {dark ? <Sun aria-hidden className="size-4" /> : <Moon aria-hidden className="size-4" />}
    </Button>
  )
}
