import { Link } from '@tanstack/react-router'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { Button } from '@/components/ui/button'
import { StatusPage } from './status-page'

/**
 * Not found: reloading the same address cannot help, so the way on is the Workplace (the sign-in
 * page first when signed out), or back where the user came from when there is somewhere to go back to.
 */
export function NotFoundPage() {
  useLocale()
  // An address opened in a new tab has no page before it: Back would do nothing.
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1
  return (
    <div className="min-h-full bg-background text-foreground">
      <StatusPage
        code={m.not_found_title()}
        description={m.not_found_description()}
        actions={
          <>
            {canGoBack && (
              <Button variant="outline" onClick={() => window.history.back()}>
                {m.not_found_back()}
              </Button>
            )}
            <Button asChild>
              <Link to="/dashboard/workplace">{m.not_found_home()}</Link>
            </Button>
          </>
        }
      />
    </div>
  )
}
