import { useEffect } from 'react'
import { createAtom } from '@tanstack/store'
import { useSelector } from '@tanstack/react-store'

/**
 * Whether the page fills the window (navbar and side menu hidden), from the tab bar. Not kept: a
 * reload brings the whole console back, so nobody is left without a menu they cannot find.
 */
const maximizedAtom = createAtom(false)

export const useMaximized = (): boolean => useSelector(maximizedAtom)
export const toggleMaximized = (): void => maximizedAtom.set((maximized) => !maximized)

/** Escape restores the layout, unless a dialog or menu took that Escape for itself (Radix cancels it). */
export function useEscapeRestores(maximized: boolean): void {
  useEffect(() => {
    if (!maximized) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) maximizedAtom.set(false)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [maximized])
}
