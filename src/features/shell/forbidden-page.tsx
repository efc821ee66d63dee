import { Link } from '@tanstack/react-router'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { StatusPage } from './status-page'

export function ForbiddenPage() {
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
