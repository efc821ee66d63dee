import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type { DeviceList, DeviceListItem } from '@contract/devices'
import type { DeviceLive } from '@contract/live'
import { applyDeviceEvent } from './device-live'
import { deviceKeys, type DeviceListParams } from './queries'

const row = (id: string, online: boolean): DeviceListItem => ({
  id,
  marketId: 'm1',
  marketName: '新华农贸市场',
  code: `POS-${id}`,
  kind: 'payment_terminal',
  stallNo: `A-${id}`,
  merchantId: `merchant-${id}`,
  merchantName: `商户 ${id}`,
  boundTime: '2026-01-05 08:00:00',
  lastSeenTime: online ? '2026-01-05 09:00:00' : null,
  online,
})
const params = (more: Partial<DeviceListParams> = {}): DeviceListParams => ({
  page: 1,
  pageSize: 20,
  sort: 'boundAt',
  order: 'desc',
  market: 'm1',
  ...more,
})
const event = (id: string, more: Partial<DeviceLive> = {}): DeviceLive => ({
  deviceId: id,
  marketId: 'm1',
  code: `POS-${id}`,
  kind: 'payment_terminal',
  online: true,
  unbound: false,
  lastSeenTime: '2026-01-05 10:00:00',
  ...more,
})

function cacheWith(lists: [DeviceListParams, DeviceListItem[], number?][]) {
  const queryClient = new QueryClient()
  for (const [key, list, total] of lists)
    queryClient.setQueryData(deviceKeys.list(key), { list, total: total ?? list.length })
  const page = (key: DeviceListParams) => queryClient.getQueryData<DeviceList>(deviceKeys.list(key))
  return { queryClient, page }
}

describe('applyDeviceEvent', () => {
  it('turns a shown row online with its last-seen time, in place, with nothing to read again', () => {
    const { queryClient, page } = cacheWith([[params(), [row('1', false), row('2', false)]]])
    expect(applyDeviceEvent(queryClient, event('1'))).toBe(false)
    expect(page(params())?.list.map((device) => [device.id, device.online, device.lastSeenTime])).toEqual([
      ['1', true, '2026-01-05 10:00:00'],
      ['2', false, null],
    ])
  })

  it('keeps the last-seen time it had when the event has none', () => {
    const { queryClient, page } = cacheWith([[params(), [row('1', true)]]])
    applyDeviceEvent(queryClient, event('1', { online: false, lastSeenTime: null }))
    expect(page(params())?.list[0]).toMatchObject({ online: false, lastSeenTime: '2026-01-05 09:00:00' })
  })

  it('drops an unbound device from the page and the total, and asks for the list again (the next row moves up)', () => {
    const { queryClient, page } = cacheWith([[params(), [row('1', true), row('2', true)], 25]])
    expect(applyDeviceEvent(queryClient, event('1', { unbound: true, online: false }))).toBe(true)
    expect(page(params())).toEqual({ list: [row('2', true)], total: 24 })
  })

  it('asks for the list again when a status filter or last-seen order may no longer hold', () => {
    const offlineOnly = params({ status: 'offline' })
    const byLastSeen = params({ sort: 'lastSeenAt' })
    expect(applyDeviceEvent(cacheWith([[offlineOnly, [row('1', false)]]]).queryClient, event('1'))).toBe(true)
    expect(applyDeviceEvent(cacheWith([[byLastSeen, [row('1', false)]]]).queryClient, event('1'))).toBe(true)
    // A device not shown that now matches the filter may belong on the page.
    const onlineOnly = params({ status: 'online' })
    expect(applyDeviceEvent(cacheWith([[onlineOnly, [row('2', true)]]]).queryClient, event('1'))).toBe(true)
    // …but not one of another market, nor one that does not match.
    expect(
      applyDeviceEvent(cacheWith([[onlineOnly, [row('2', true)]]]).queryClient, event('1', { marketId: 'm2' })),
    ).toBe(false)
    expect(applyDeviceEvent(cacheWith([[params(), [row('2', true)]]]).queryClient, event('1'))).toBe(false)
  })
})
