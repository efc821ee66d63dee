import { m } from '@/paraglide/messages'
import type { DataTableLabels } from './data-table'

/** The table's words in the current language (components take labels; messages live in messages/). */
export function tableLabels(): DataTableLabels {
  return {
    pagination: m.common_pagination(),
    previous: m.common_previous(),
    next: m.common_next(),
    pageOf: (page, pages) => m.common_page_of({ page, pages }),
    total: (total) => m.table_total({ total }),
    pageSize: m.table_page_size(),
    perPage: (size) => m.table_per_page({ size }),
    empty: m.table_empty(),
    error: m.table_error(),
    retry: m.common_retry(),
    sortBy: (column) => m.table_sort_by({ column }),
    loading: m.common_loading(),
  }
}
