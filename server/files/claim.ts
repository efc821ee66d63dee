import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import { FILE_NOT_FOUND } from '../../contract/files'
import type { Transaction } from '../db/client'
import { files } from '../db/schema'
import { ApiError } from '../lib/errors'

/**
 * Makes files the market's, as a form that references them is saved: unowned files become the market's,
 * its own stay; a missing id or another market's file is 40000 `error_file_not_found` (not 40300, so ids
 * reveal nothing). Call it inside the transaction that saves the form, so a refusal undoes the save.
 */
export async function claimFiles(
  tx: Transaction,
  { marketId, fileIds }: { marketId: string; fileIds: readonly string[] },
): Promise<void> {
  const ids = [...new Set(fileIds)]
  if (ids.length === 0) return
  // One conditional UPDATE, not a read then a write: a concurrent claim by another market waits on the
  // row lock, then no longer matches, so a file can never end up referenced by two markets.
  const claimed = await tx
    .update(files)
    .set({ marketId })
    .where(and(inArray(files.id, ids), or(isNull(files.marketId), eq(files.marketId, marketId))))
    .returning({ id: files.id })
  if (claimed.length !== ids.length) throw new ApiError(ApiCode.INVALID_INPUT, FILE_NOT_FOUND)
}
