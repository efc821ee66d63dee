import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocale } from '@/lib/locale'
import { messageKeys } from './queries'

/**
 * The server writes messages in the language of the request (Accept-Language), so lists fetched
 * before a language switch are in the old one: the switch asks for them again.
 */
export function useLocaleRefetch(): void {
  const locale = useLocale()
  const queryClient = useQueryClient()
  const fetchedIn = useRef(locale)
  useEffect(() => {
    if (fetchedIn.current === locale) return
    fetchedIn.current = locale
    void queryClient.invalidateQueries({ queryKey: messageKeys.lists() })
  }, [locale, queryClient])
}
