import type { ReactNode } from 'react'
import { NarrowButton } from './narrow-button'
import { NARROWABLE_CLASS } from './row-classes'
import { PageLink } from '@/components/page-link'

const link = 'text-primary hover:underline'

/** A cell's value with the button beside it that narrows the list to that value. */
export function Narrowable({
  children,
  label,
  onNarrow,
}: {
  children: ReactNode
  label: string
  onNarrow: () => void
}) {
  return (
    <span className={NARROWABLE_CLASS}>
      {children}
      <NarrowButton label={label} onClick={onNarrow} />
    </span>
  )
}

/** A row's merchant: its name opening its page, and the list narrowed to it; "—" for none. */
export function MerchantCell({
  merchant,
  narrowLabel,
  onNarrow,
}: {
  merchant: { id: string; name: string } | null
  narrowLabel: (name: string) => string
  onNarrow: (merchantId: string) => void
}) {
  if (!merchant) return '—'
  return (
    <Narrowable label={narrowLabel(merchant.name)} onNarrow={() => onNarrow(merchant.id)}>
      <PageLink link={{ to: '/merchant/$merchantId', params: { merchantId: merchant.id } }} className={link}>
        {merchant.name}
      </PageLink>
    </Narrowable>
  )
}

/** A row's device: its code opening its page, and the list narrowed to it. */
export function DeviceCell({
  device,
  narrowLabel,
  onNarrow,
}: {
  device: { id: string; code: string }
  narrowLabel: (code: string) => string
  onNarrow: (deviceId: string) => void
}) {
  return (
    <Narrowable label={narrowLabel(device.code)} onNarrow={() => onNarrow(device.id)}>
      <PageLink link={{ to: '/device/$deviceId', params: { deviceId: device.id } }} className={`${link} font-mono`}>
        {device.code}
      </PageLink>
    </Narrowable>
  )
}
