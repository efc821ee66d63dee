import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { DeviceDetail } from '@contract/devices'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { DetailState } from '@/components/detail-view/detail-state'
import { DetailView, type DetailSection } from '@/components/detail-view/detail-view'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DeviceActions } from './device-actions'
import { useDevicePageLive } from './device-live'
import { kindLabel, statusLabel } from './labels'
import { useRotateDeviceSecret, useUnbindDevice } from './mutations'
import { devicePageQuery } from './queries'

/** A device's page: what it is, whether it is online, where it is bound and since when; unbind and re-key. */
export function DeviceDetailPage({ id }: { id: string }) {
  // The router keeps route components: subscribing redraws the page's words after a language switch.
  useLocale()
  const read = useQuery(devicePageQuery(id))
  useDevicePageLive(id)
  return (
    <DetailState
      read={read}
      notFoundText={m.error_device_record_not_found()}
      back={
        <Button asChild variant="outline">
          <Link to="/device">{m.detail_back_to({ list: m.menu_device_manage() })}</Link>
        </Button>
      }
    >
      {(device) => <DeviceDetailView device={device} />}
    </DetailState>
  )
}

const link = 'text-primary hover:underline'

function DeviceDetailView({ device }: { device: DeviceDetail }): ReactNode {
  const { mutateAsync: unbind } = useUnbindDevice()
  const { mutateAsync: rotateSecret } = useRotateDeviceSecret()
  const bound = device.unboundTime === null
  const status = <DeviceStatusBadge device={device} />
  const sections: DetailSection[] = [
    {
      id: 'device',
      title: m.devices_section_device(),
      rows: [
        { label: m.devices_col_kind(), value: kindLabel(device.kind) },
        { label: m.devices_col_code(), value: <span className="font-mono">{device.code}</span> },
        { label: m.devices_col_status(), value: status },
        { label: m.devices_col_last_seen(), value: device.lastSeenTime ?? m.devices_never_seen() },
      ],
    },
    {
      id: 'binding',
      title: m.devices_section_binding(),
      rows: [
        {
          label: m.devices_col_market(),
          value: (
            <Link to="/market/$marketId" params={{ marketId: device.marketId }} className={link}>
              {device.marketName}
            </Link>
          ),
        },
        { label: m.devices_col_stall(), value: device.stallNo },
        {
          label: m.devices_col_merchant(),
          value: device.merchantId && (
            <Link to="/merchant/$merchantId" params={{ merchantId: device.merchantId }} className={link}>
              {device.merchantName}
            </Link>
          ),
        },
        { label: m.devices_col_bound(), value: device.boundTime },
        { label: m.devices_bound_by(), value: device.boundBy },
        ...(bound ? [] : [{ label: m.devices_unbound_at(), value: device.unboundTime }]),
      ],
    },
  ]
  return (
    <DetailView
      testId="device-detail"
      title={device.code}
      status={status}
      subtitle={kindLabel(device.kind)}
      // Only a bound device can be unbound or given a new secret.
      actions={bound && <DeviceActions device={device} unbind={unbind} rotateSecret={rotateSecret} layout="buttons" />}
      sections={sections}
    />
  )
}

function DeviceStatusBadge({ device }: { device: DeviceDetail }) {
  if (device.unboundTime !== null) return <Badge variant="muted">{m.devices_status_unbound()}</Badge>
  return device.online ? (
    <Badge variant="success" dot>
      {statusLabel('online')}
    </Badge>
  ) : (
    <Badge variant="muted">{statusLabel('offline')}</Badge>
  )
}
