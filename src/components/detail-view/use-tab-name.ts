import { useEffect } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { useSelector } from '@tanstack/react-store'
import { m } from '@/paraglide/messages'
import { nameTab, tabsStore } from '@/lib/tabs'

/**
 * Names the current page's tab, and the browser's title, by the record it shows: two markets' pages
 * open side by side say which is which. Once the tab is there (the tab bar records a page as its
 * navigation ends, which may come after the record is read).
 */
export function useTabName(title: string): void {
  const href = useRouterState({ select: (state) => state.location.href })
  const open = useSelector(tabsStore, (state) => state.tabs.some((tab) => tab.fullPath === href))
  useEffect(() => {
    if (!open) return
    nameTab(href, title)
    document.title = `${title} · ${m.app_title()}`
  }, [href, open, title])
}
