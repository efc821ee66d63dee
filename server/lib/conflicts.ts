import { ApiCode } from '../../contract/api'
import { uniqueViolation } from './db-errors'
import { ApiError } from './errors'
import type { MessageKey } from './i18n'

/**
 * What each unique constraint means to a user. A duplicate caught by the database (two requests at
 * once passed the check before either wrote) answers as the check would have.
 */
const CONFLICT_MESSAGES: Record<string, MessageKey | { message: MessageKey; field: string }> = {
  users_username_unique: 'error_username_taken',
  markets_credit_code_unique: 'error_credit_code_taken',
  // A form's field: the message shows under it.
  merchants_market_stall_active_unique: { message: 'error_stall_taken', field: 'stallNo' },
  devices_code_bound_unique: { message: 'error_device_code_taken', field: 'code' },
  pesticide_test_follow_ups_test_unique: 'error_follow_up_recorded',
}

/** Rethrows a unique violation as 40900 with its translated message; any other error as it is. */
export function rethrowConflict(error: unknown): never {
  if (error instanceof ApiError) throw error
  const constraint = uniqueViolation(error)
  if (constraint === null) throw error
  const meaning = CONFLICT_MESSAGES[constraint] ?? 'error_conflict'
  if (typeof meaning === 'string') throw new ApiError(ApiCode.CONFLICT, meaning)
  throw new ApiError(ApiCode.CONFLICT, meaning.message, [meaning])
}

/** Runs a write, answering a unique violation as a conflict. */
export async function withConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    rethrowConflict(error)
  }
}

/**
 * Fields fixed once saved (a market's bank; a merchant's three bank numbers): a request that
 * changes one answers 40900 with that field's message. Absent fields are not changes.
 */
export function assertUnchanged<T extends Record<string, unknown>>(
  before: T,
  input: Partial<T>,
  fields: Partial<Record<keyof T & string, MessageKey>>,
): void {
  for (const [field, message] of Object.entries(fields) as [keyof T & string, MessageKey][]) {
    if (field in input && input[field] !== undefined && input[field] !== before[field])
      throw new ApiError(ApiCode.CONFLICT, message, [{ field, message }])
  }
}
