import { useId, type ReactNode } from 'react'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { Card, CardContent, CardHeader } from '@/components/ui/card'

/** One label/value line of a record's page; an empty value ('' or null) reads "not given". */
export type DetailRow = {
  label: string
  value: ReactNode
  /** Spans both columns (an address, notes). */
  wide?: boolean
}

/** A titled part of a record's page: label/value rows, or content of its own (photos, a short list). */
export type DetailSection = {
  id: string
  title: string
  rows?: readonly DetailRow[]
  content?: ReactNode
}

type DetailViewProps = {
  /** The record's name: the page's heading. */
  title: string
  /** Beside the heading: the record's state (a badge). */
  status?: ReactNode
  /** Under the heading: what the record is (its kind, its code). */
  subtitle?: ReactNode
  /** At the heading's end: what may be done with the record (links to its form, confirmed actions). */
  actions?: ReactNode
  sections: readonly DetailSection[]
  testId?: string
}

const isEmpty = (value: ReactNode) => value === '' || value === null || value === undefined

/**
 * A record's read-only page (a market, a merchant, a device): its name as the heading with its state,
 * its actions, and sections of label/value rows as a definition list, two columns from 640 px and one
 * on a phone. Values wrap rather than widen the page.
 */
export function DetailView({ title, status, subtitle, actions, sections, testId }: DetailViewProps) {
  return (
    <section className="space-y-4" data-testid={testId}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-semibold break-words">{title}</h1>
            {status}
          </div>
          {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      {sections.map((section) => (
        <DetailCard key={section.id} section={section} />
      ))}
    </section>
  )
}

function DetailCard({ section }: { section: DetailSection }) {
  const headingId = useId()
  return (
    <Card role="region" aria-labelledby={headingId} data-section={section.id}>
      <CardHeader>
        <h2 id={headingId} className="text-base leading-none font-semibold">
          {section.title}
        </h2>
      </CardHeader>
      <CardContent className="space-y-4">
        {section.rows && section.rows.length > 0 && (
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {section.rows.map((row) => (
              <div key={row.label} className={cn('min-w-0', row.wide && 'sm:col-span-2')}>
                <dt className="text-xs text-muted-foreground">{row.label}</dt>
                <dd className="mt-0.5 text-sm break-words whitespace-pre-line">
                  {isEmpty(row.value) ? <NotGiven /> : row.value}
                </dd>
              </div>
            ))}
          </dl>
        )}
        {section.content}
      </CardContent>
    </Card>
  )
}

/** A dash to the eye, words to a screen reader. */
function NotGiven() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">{m.detail_not_given()}</span>
    </span>
  )
}
