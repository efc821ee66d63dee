import type { ReactNode } from 'react'

/** The layout shared by the 403, 404 and 500 pages: a big code, a sentence, and actions. */
export function StatusPage({ code, description, actions }: { code: string; description: string; actions: ReactNode }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p aria-hidden className="text-7xl font-bold tracking-tight text-primary-3">
        {code}
      </p>
      <h1 className="text-lg text-foreground">{description}</h1>
      <div className="flex gap-3">{actions}</div>
    </main>
  )
}
