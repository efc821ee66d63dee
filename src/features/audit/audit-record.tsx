import type { ReactElement } from 'react'
import type { AuditEntry } from '@contract/audit'
import { RECORD_LINK_CLASS as linkClass } from './audit-classes'
import { PageLink } from '@/components/page-link'

/**
 * The record an entry names, opening its read-only page: a market's, a merchant's, a device's, a complaint's; an
 * account opens its market's page (an OFFICIAL's own account has none: its name as text). A record that
 * is gone is named as such, with no link to a page that would say "not found".
 */
// ReactElement, not ReactNode: an area without its case fails `tsc` instead of drawing nothing.
export function AuditRecord({ entry, name }: { entry: AuditEntry; name: string }): ReactElement {
  const { record, area, market } = entry
  if (record.name === null) return <span className="text-muted-foreground">{name}</span>
  switch (area) {
    case 'market':
      return (
        <PageLink link={{ to: '/market/$marketId', params: { marketId: record.id } }} className={linkClass}>
          {name}
        </PageLink>
      )
    case 'merchant':
      return (
        <PageLink link={{ to: '/merchant/$merchantId', params: { merchantId: record.id } }} className={linkClass}>
          {name}
        </PageLink>
      )
    case 'device':
      return (
        <PageLink link={{ to: '/device/$deviceId', params: { deviceId: record.id } }} className={linkClass}>
          {name}
        </PageLink>
      )
    case 'account':
      return market ? (
        <PageLink link={{ to: '/market/$marketId', params: { marketId: market.id } }} className={linkClass}>
          {name}
        </PageLink>
      ) : (
        <span>{name}</span>
      )
    case 'complaint':
      return (
        <PageLink link={{ to: '/complaint/$complaintId', params: { complaintId: record.id } }} className={linkClass}>
          {name}
        </PageLink>
      )
    case 'pesticide_test':
      // A test has no page of its own (the history shows it in its dialog): its produce, as text.
      return <span>{name}</span>
  }
}
