import { DEVICE_KINDS, DEVICE_STATUSES, type DeviceKind, type DeviceStatus } from '@contract/device-list'
import { DEVICE_KIND_WORDS, DEVICE_STATUS_WORDS } from '@contract/words'
import { wordFor, wordOptions } from '@/lib/words'

/** The words for the device contract's fixed choices (contract/words.ts), in the current language. */

export const kindLabel = (kind: DeviceKind) => wordFor(DEVICE_KIND_WORDS, kind)
export const kindOptions = () => wordOptions(DEVICE_KINDS, DEVICE_KIND_WORDS)

export const statusLabel = (status: DeviceStatus) => wordFor(DEVICE_STATUS_WORDS, status)
export const statusOptions = () => wordOptions(DEVICE_STATUSES, DEVICE_STATUS_WORDS)
