import { useEffect } from 'react'
import { Toaster } from 'sonner'
import { useSettings } from '@/lib/settings'
import { toasterReady } from '@/lib/toast'

/** Loaded on the first toast (see src/lib/toast.ts). */
export function LazyToaster() {
  const { theme } = useSettings()
  useEffect(() => toasterReady(), [])
  return <Toaster position="top-center" theme={theme} richColors closeButton />
}
