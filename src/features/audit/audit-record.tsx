import type { ReactElement } from 'react'
import { Link } from '@tanstack/react-router'
import type { AuditEntry } from '@contract/audit'
import { RECORD_LINK_CLASS as linkClass } from './audit-classes'

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
        <Link to="/market/$marketId" params={{ marketId: record.id }} className={linkClass}>
          {name}
        </Link>
      )
    case 'merchant':
      return (
        <Link to="/merchant/$merchantId" params={{ merchantId: record.id }} className={linkClass}>
          {name}
        </Link>
      )
    case 'device':
      return (
        <Link to="/device/$deviceId" params={{ deviceId: record.id }} className={linkClass}>
          {name}
        </Link>
      )
    case 'account':
      return market ? (
        <Link to="/market/$marketId" params={{ marketId: market.id }} className={linkClass}>
          {name}
        </Link>
      ) : (
        <span>{name}</span>
      )
    case 'complaint':
      return (
        <Link to="/complaint/$complaintId" params={{ complaintId: record.id }} className={linkClass}>
          {name}
        </Link>
      )
    case 'pesticide_test':
      // A test has no page of its own (the history shows it in its dialog): its produce, as text.
      return <span>{name}</span>
  }
}
