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
      {
        // A prerendered frame (no window) is one markup for both themes' files: each shows its icon.
        typeof window === 'undefined' ? (
          <>
            <Sun aria-hidden className="hidden size-4 dark:block" />
            <Moon aria-hidden className="size-4 dark:hidden" />
          </>
        ) : dark ? (
          <Sun aria-hidden className="size-4" />
        ) : (
          <Moon aria-hidden className="size-4" />
        )
      }
    </Button>
  )
}
