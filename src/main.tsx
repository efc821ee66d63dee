import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { getLocale } from '@/paraglide/runtime'
import { createQueryClient } from '@/lib/query-client'
import { settingsStore } from '@/lib/settings'
import { applyDocumentSettings } from '@/lib/theme'
import { createConsoleRouter } from './router'
import './styles/app.css'

// Theme and language are on the document before the first paint.
applyDocumentSettings(settingsStore.get())
document.documentElement.lang = getLocale()

const queryClient = createQueryClient()
const router = createConsoleRouter(queryClient)

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
