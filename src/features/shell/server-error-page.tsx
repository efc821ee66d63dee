import type { ErrorComponentProps } from '@tanstack/react-router'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { isCodeLoadFailure, reloadForMissingCode } from '@/components/async-state/failure-kind'
import { useRetryWhenReachable } from '@/components/async-state/use-retry-when-reachable'
import { StatusPage } from './status-page'
import { useLocale } from '@/lib/locale'

/**
 * The error boundary's page (500): go back, or try the page again. A piece of the console's code
 * that did not arrive (the server went away before it was first needed) is no server error: it says
 * the server is out of reach and loads the console afresh once the server answers.
 */
export function ServerErrorPage({ error, reset }: ErrorComponentProps) {
  // Pages redraw in the new language when it changes (docs/decisions.md: locale switch).
  useLocale()
  const codeMissing = isCodeLoadFailure(error)
  const retry = () => (codeMissing && reloadForMissingCode(error) ? undefined : reset())
  useRetryWhenReachable(codeMissing, error, retry)
  return (
    <div className="min-h-full bg-background">
      <StatusPage
        code={codeMissing ? m.state_unreachable_title() : m.server_error_title()}
        description={codeMissing ? m.state_unreachable_description() : m.server_error_description()}
        actions={
          <>
            <Button variant="outline" onClick={() => window.history.back()}>
              {m.server_error_back()}
            </Button>
            <Button onClick={retry}>{m.server_error_retry()}</Button>
          </>
        }
      />
    </div>
  )
}
