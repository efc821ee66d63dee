import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react'
import { Outlet, useRouter } from '@tanstack/react-router'
import { useLocale } from '@/lib/locale'
import { useSettings } from '@/lib/settings'
import { applyDocumentSettings } from '@/lib/theme'
import { useSelector } from '@tanstack/react-store'
import { toasterMountedStore } from '@/lib/toast'

type ProgressModule = { startProgress: () => void; finishProgress: () => void }

const LazyToaster = lazy(() => import('./toaster').then((module) => ({ default: module.LazyToaster })))

/** Everything outside the pages: navigation progress, theme on the body, toasts, app-wide modals. */
export function RootLayout({ modals }: { modals?: ReactNode }) {
  const router = useRouter()
  const settings = useSettings()
  const locale = useLocale()
  const toasterMounted = useSelector(toasterMountedStore)

  useEffect(() => applyDocumentSettings(settings), [settings])

  // Re-render every page in the new language without losing its state.
  const shownLocale = useRef(locale)
  useEffect(() => {
    if (shownLocale.current === locale) return
    shownLocale.current = locale
    void router.invalidate()
  }, [locale, router])

  useEffect(() => {
    let started = false
    let progress: ProgressModule | null = null
    // Loaded on the first navigation, not with the first page.
    const offStart = router.subscribe('onBeforeNavigate', () => {
      started = true
      if (progress) progress.startProgress()
      else
        void import('@/lib/progress').then((module) => {
          progress = module
          if (started) module.startProgress()
        })
    })
    const offDone = router.subscribe('onResolved', () => {
      if (started) progress?.finishProgress()
      started = false
    })
    return () => {
      offStart()
      offDone()
    }
  }, [router])

  return (
    <>
      <Outlet />
      {modals}
      {toasterMounted && (
        <Suspense fallback={null}>
          <LazyToaster />
        </Suspense>
      )}
    </>
  )
}
