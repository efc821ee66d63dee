import { m } from '@/paraglide/messages'
import type { PaginationLabels } from './pagination'

/** The pagination's words in the current language (Pagination takes labels, so stories can set their own). */
export function tableLabels(): PaginationLabels {
  return {
    pagination: m.common_pagination(),
    previous: m.common_previous(),
    next: m.common_next(),
    pageOf: (page, pages) => m.common_page_of({ page, pages }),
    total: (total) => m.table_total({ total }),
    pageSize: m.table_page_size(),
    perPage: (size) => m.table_per_page({ size }),
  }
}
