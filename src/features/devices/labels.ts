import { DEVICE_KINDS, DEVICE_STATUSES, type DeviceKind, type DeviceStatus } from '@contract/device-list'
import { m } from '@/paraglide/messages'

/** The words for the device contract's fixed choices, as functions so they follow a language switch. */

const KIND: Record<DeviceKind, () => string> = {
  payment_terminal: m.device_kind_payment_terminal,
  scale: m.device_kind_scale,
  passenger_counter: m.device_kind_passenger_counter,
  pesticide_tester: m.device_kind_pesticide_tester,
}
export const kindLabel = (kind: DeviceKind) => KIND[kind]()
export const kindOptions = () => DEVICE_KINDS.map((value) => ({ value, label: kindLabel(value) }))

export const statusLabel = (status: DeviceStatus) =>
  status === 'online' ? m.devices_status_online() : m.devices_status_offline()
export const statusOptions = () => DEVICE_STATUSES.map((value) => ({ value, label: statusLabel(value) }))
