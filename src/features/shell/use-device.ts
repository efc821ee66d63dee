import { useEffect } from 'react'
import { settingsStore, updateSettings } from '@/lib/settings'

// src/styles/app.css draws a prerendered frame's phone layout by the same width, before this code runs.
const MOBILE_QUERY = '(max-width: 767px)'

/** Keeps settings.device in step with the viewport: below 768 px the console is in mobile mode. */
export function useDeviceMode(): void {
  useEffect(() => {
    const media = window.matchMedia(MOBILE_QUERY)
    const sync = () => {
      const device = media.matches ? 'mobile' : 'desktop'
      if (settingsStore.get().device !== device) updateSettings({ device })
    }
    sync()
    media.addEventListener('change', sync)
    return () => media.removeEventListener('change', sync)
  }, [])
}
