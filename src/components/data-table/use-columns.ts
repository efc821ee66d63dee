import { useMemo } from 'react'
import type { ColumnDef } from '@tanstack/react-table'
import { useLocale, type Locale } from '@/lib/locale'

/**
 * A list's columns in the current language: `build` is called again when the language changes (the
 * headers and the words cells show are messages), and when `build` itself changes. Pass a module-level
 * function, or a `useCallback` over what the columns need (commands, whether a market column shows),
 * so no list page keeps the language in a hook's dependencies by hand.
 */
export function useColumns<Row>(build: (locale: Locale) => ColumnDef<Row, unknown>[]): ColumnDef<Row, unknown>[] {
  const locale = useLocale()
  return useMemo(() => build(locale), [build, locale])
}
