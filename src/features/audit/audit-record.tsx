import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import type { AuditEntry } from '@contract/audit'

const linkClass = 'text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/**
 * The record an entry names, opening its read-only page: a market's, a merchant's, a device's; an
 * account opens its market's page (an OFFICIAL's own account has none: its name as text). A record that
 * is gone is named as such, with no link to a page that would say "not found".
 */
export function AuditRecord({ entry, name }: { entry: AuditEntry; name: string }): ReactNode {
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
    case 'pesticide_test':
      // A test has no page of its own (the history shows it in its dialog): its produce, as text.
      return <span>{name}</span>
  }
}
