import type { ErrorComponentProps } from '@tanstack/react-router'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { StatusPage } from './status-page'
import { useLocale } from '@/lib/locale'

/** The error boundary's page (500): go back, or try the page again. */
export function ServerErrorPage({ reset }: ErrorComponentProps) {
  // Pages redraw in the new language when it changes (docs/decisions.md: locale switch).
  useLocale()
  return (
    <div className="min-h-full bg-background">
      <StatusPage
        code={m.server_error_title()}
        description={m.server_error_description()}
        actions={
          <>
            <Button variant="outline" onClick={() => window.history.back()}>
              {m.server_error_back()}
            </Button>
            <Button onClick={() => reset()}>{m.server_error_retry()}</Button>
          </>
        }
      />
    </div>
  )
}
