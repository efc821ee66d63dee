import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { getLocale } from '@/paraglide/runtime'
import { settingsStore } from '@/lib/settings'
import { applyDocumentSettings } from '@/lib/theme'
import { followNavigationWithFocus } from '@/lib/page-focus'
import { trackPageOrigins } from '@/lib/page-origins'
import { createConsoleRouter } from './router'
import './styles/app.css'

// Theme and language are on the document before the first paint.
applyDocumentSettings(settingsStore.get())
document.documentElement.lang = getLocale()

const router = createConsoleRouter()
followNavigationWithFocus(router)
trackPageOrigins(router)

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
