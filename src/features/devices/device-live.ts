import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { DeviceDetail, DeviceList } from '@contract/devices'
import type { DeviceLive } from '@contract/live'
import { useLiveEvent, useLiveRefresh } from '@/lib/live-stream'
import { deviceKeys, type DeviceListParams } from './queries'

/**
 * Writes a device's announcement into every cached device list: a shown row takes its online state
 * and last-seen time, an unbound one leaves. Answers whether a list may now hold other rows than it
 * shows (a status filter or a last-seen order it no longer matches, a row gone from a page), which
 * only the server can say: then the lists are read again.
 */
export function applyDeviceEvent(queryClient: QueryClient, event: DeviceLive): boolean {
  let stale = false
  for (const [key, page] of queryClient.getQueriesData<DeviceList>({ queryKey: deviceKeys.lists() })) {
    if (!page) continue
    const params = (key as QueryKey)[2] as DeviceListParams
    const at = page.list.findIndex((row) => row.id === event.deviceId)
    if (at === -1) {
      // Not on this page: it may belong in a list of the status it now has.
      const inScope = params.market === null || params.market === event.marketId
      if (inScope && !event.unbound && params.status === (event.online ? 'online' : 'offline')) stale = true
      continue
    }
    if (event.unbound) {
      queryClient.setQueryData<DeviceList>(key, {
        total: Math.max(0, page.total - 1),
        list: page.list.filter((row) => row.id !== event.deviceId),
      })
      // The next page's first row moves up into this one.
      stale = true
      continue
    }
    queryClient.setQueryData<DeviceList>(key, {
      ...page,
      list: page.list.map((row) =>
        row.id === event.deviceId
          ? { ...row, online: event.online, lastSeenTime: event.lastSeenTime ?? row.lastSeenTime }
          : row,
      ),
    })
    if (params.status !== undefined || params.sort === 'lastSeenAt') stale = true
  }
  return stale
}

/**
 * Keeps the device lists current from the live stream without a reload: rows change in place as
 * devices go online or offline or are unbound; what only the server can answer (and anything missed
 * while the stream was away) is read again, at most once per two seconds.
 */
export function useDeviceLiveUpdates(): void {
  const queryClient = useQueryClient()
  const refresh = useLiveRefresh(deviceKeys.lists())
  useLiveEvent('device', (event) => {
    if (applyDeviceEvent(queryClient, event)) refresh()
  })
  useLiveEvent('resync', refresh)
}

/**
 * Keeps a device's page current from the live stream: its announcements change its state in place;
 * its unbinding (elsewhere, or by its merchant leaving), and anything missed while the stream was
 * away, read the page again.
 */
export function useDevicePageLive(id: string): void {
  const queryClient = useQueryClient()
  const refresh = useLiveRefresh(deviceKeys.page(id))
  useLiveEvent('device', (event) => {
    if (event.deviceId !== id) return
    if (event.unbound) return refresh()
    queryClient.setQueryData<DeviceDetail>(
      deviceKeys.page(id),
      (page) => page && { ...page, online: event.online, lastSeenTime: event.lastSeenTime ?? page.lastSeenTime },
    )
  })
  useLiveEvent('resync', refresh)
}
