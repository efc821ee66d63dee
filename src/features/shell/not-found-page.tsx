import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { Button } from '@/components/ui/button'
import { StatusPage } from './status-page'

export function NotFoundPage() {
  useLocale()
  return (
    <div className="min-h-full bg-background text-foreground">
      <StatusPage
        code={m.not_found_title()}
        description={m.not_found_description()}
        actions={
          <>
            <Button variant="outline" onClick={() => window.history.back()}>
              {m.not_found_back()}
            </Button>
            <Button onClick={() => window.location.reload()}>{m.not_found_retry()}</Button>
          </>
        }
      />
    </div>
  )
}
