import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import { Role } from '../../contract/roles'
import type { Database } from '../db/client'
import { files } from '../db/schema'
import { ApiError } from '../lib/errors'
import type { SessionUser } from '../lib/types'
import { sniffImageType } from './sniff'

export const MAX_FILE_BYTES = 5 * 1024 * 1024

/** Stores an uploaded image once per uploader and content; refuses what is not a JPEG/PNG/WebP or too big. */
export async function storeImage(db: Database, caller: SessionUser, bytes: Uint8Array): Promise<{ id: string; mime: string; size: number }> {
  if (bytes.length > MAX_FILE_BYTES) throw new ApiError(ApiCode.INVALID_INPUT, 'error_file_too_large')
  const mime = sniffImageType(bytes)
  if (!mime) throw new ApiError(ApiCode.INVALID_INPUT, 'error_file_type')
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const [existing] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.uploadedBy, caller.uk), eq(files.sha256, sha256)))
    .limit(1)
  if (existing) return { id: existing.id, mime, size: bytes.length }
  const [row] = await db
    .insert(files)
    .values({ sha256, mime, size: bytes.length, content: bytes, uploadedBy: caller.uk, marketId: caller.role === Role.MARKET ? caller.marketId : null })
    .onConflictDoNothing()
    .returning({ id: files.id })
  if (row) return { id: row.id, mime, size: bytes.length }
  // A concurrent upload of the same bytes won: answer with its row.
  const [winner] = await db.select({ id: files.id }).from(files).where(and(eq(files.uploadedBy, caller.uk), eq(files.sha256, sha256))).limit(1)
  if (!winner) throw new Error('file row vanished')
  return { id: winner.id, mime, size: bytes.length }
}

/** A file for a caller allowed to see it: OFFICIAL any; MARKET its market's files and its own uploads. */
export async function readImage(db: Database, caller: SessionUser, id: string) {
  const [file] = await db.select().from(files).where(eq(files.id, id)).limit(1)
  if (!file) throw new ApiError(ApiCode.NOT_FOUND, 'error_file_not_found')
  const allowed = caller.role === Role.OFFICIAL || file.uploadedBy === caller.uk || (file.marketId !== null && file.marketId === caller.marketId)
  // Not 40300: whether someone else's file exists is not the caller's business.
  if (!allowed) throw new ApiError(ApiCode.NOT_FOUND, 'error_file_not_found')
  return file
}
