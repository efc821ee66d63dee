import { useEffect } from 'react'
import { Toaster } from 'sonner'
import { useSettings } from '@/lib/settings'
import { toasterReady } from '@/lib/toast'

/** Loaded on the first toast (see src/lib/toast.ts). */
export function LazyToaster() {
  const { theme } = useSettings()
  useEffect(() => toasterReady(), [])
  // Below the navbar (h-14) and the tab bar, so a toast never hides them; on phones below the navbar.
  return (
    <Toaster
      position="top-center"
      offset={{ top: 104 }}
      mobileOffset={{ top: 64 }}
      theme={theme}
      richColors
      closeButton
    />
  )
}
