import { Link } from '@tanstack/react-router'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { StatusPage } from './status-page'
import { useLocale } from '@/lib/locale'

export function ForbiddenPage() {
  // Pages redraw in the new language when it changes (docs/decisions.md: locale switch).
  useLocale()
  return (
    <StatusPage
      code={m.forbidden_title()}
      description={m.forbidden_description()}
      actions={
        <Button asChild>
          <Link to="/dashboard/workplace">{m.forbidden_home()}</Link>
        </Button>
      }
    />
  )
}
