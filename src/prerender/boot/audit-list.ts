import { EARLY_AUDIT_ROWS } from '@/features/audit/early-audit-rows'
import { drawEarlyRows } from './early-rows'
import { bootListPage } from './list-page'

// The operation log's inline boot script: a list's (./list-page.ts) that draws its first page's rows
// as soon as they come (./early-rows.ts): a row's changes are the page's largest paint.
bootListPage(drawEarlyRows(EARLY_AUDIT_ROWS))
