import { m } from '@/paraglide/messages'
import type { Locale } from '@/lib/locale'
import type { PaginationLabels } from './pagination'

/** The pagination's words in `locale` (Pagination takes labels, so stories can set their own). */
export function tableLabels(locale?: Locale): PaginationLabels {
  const words = { locale }
  return {
    pagination: m.common_pagination({}, words),
    previous: m.common_previous({}, words),
    next: m.common_next({}, words),
    pageOf: (page, pages) => m.common_page_of({ page, pages }, words),
    total: (total) => m.table_total({ total }, words),
    totalAtLeast: (total) => m.table_total_at_least({ total: new Intl.NumberFormat(locale).format(total) }, words),
    pageSize: m.table_page_size({}, words),
    perPage: (size) => m.table_per_page({ size }, words),
    goToPage: m.table_go_to_page({}, words),
    go: m.table_go({}, words),
    invalid: (pages) => m.table_go_to_page_invalid({ pages }, words),
  }
}
