import type { ReactNode } from 'react'

/**
 * The layout shared by the 403, 404 and 500 pages: a big code (the theme colour, readable in both
 * themes: large text needs 3:1), a sentence, and actions.
 */
export function StatusPage({ code, description, actions }: { code: string; description: string; actions: ReactNode }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p aria-hidden className="font-sans text-7xl font-bold tracking-tight text-primary tabular-nums">
        {code}
      </p>
      <h1 className="text-lg text-foreground">{description}</h1>
      <div className="flex gap-3">{actions}</div>
    </main>
  )
}
