import { useEffect, useEffectEvent } from 'react'
import { Search } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { Kbd } from '@/components/ui/kbd'

/** Apple keyboards say ⌘ where the others say Ctrl; the shortcut takes either. */
const onApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent)

/** Ctrl+K or ⌘K anywhere in the console opens the palette, and closes it again (as in most consoles). */
export function usePaletteShortcut(toggle: () => void): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'k') return
    // The browser's own Ctrl+K (its search bar) would take focus out of the page.
    event.preventDefault()
    toggle()
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])
}

type PaletteButtonProps = { onOpen: () => void; onPreload: () => void }

/** The palette's entry for mouse and touch, showing its shortcut: a field-like button on wide screens, an icon on phones. */
export function PaletteButton({ onOpen, onPreload }: PaletteButtonProps) {
  const apple = onApple()
  return (
    <Button
      variant="outline"
      size="sm"
      className="size-9 px-0 text-muted-foreground md:w-auto md:px-2.5 lg:min-w-44 lg:justify-between"
      aria-label={m.palette_open()}
      aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
      title={m.palette_open()}
      onClick={onOpen}
      // The palette's code starts loading when the pointer or focus gets here, before the click.
      onPointerEnter={onPreload}
      onFocus={onPreload}
      data-testid="palette-button"
    >
      <span className="flex items-center gap-2">
        <Search aria-hidden className="size-4" />
        <span className="hidden lg:inline">{m.palette_button()}</span>
      </span>
      <Kbd aria-hidden className="hidden md:inline-flex">
        {apple ? '⌘K' : 'Ctrl K'}
      </Kbd>
    </Button>
  )
}
