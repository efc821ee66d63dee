import { createHash } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import { FILE_NOT_FOUND, MAX_UPLOAD_BYTES, type UploadedFile } from '../../contract/files'
import { Role } from '../../contract/roles'
import { files } from '../db/schema'
import { ApiError } from '../lib/errors'
import type { ServerDeps, SessionUser } from '../lib/types'
import { reencodeImage, thumbnailFromStored } from './encode'
import { sniffImageType } from './sniff'

type Deps = Pick<ServerDeps, 'db'>

/**
 * Stores an uploaded image, re-encoded (server/files/encode.ts), once per uploader and content while
 * it is free for their forms to claim.
 * Refuses what is too big or does not decode as a JPEG/PNG/WebP. Stamped with the upload's time: a
 * file no saved form claims is swept a day after its last upload (sweep.ts).
 */
export async function storeImage(
  { db, clock }: Pick<ServerDeps, 'db' | 'clock'>,
  caller: SessionUser,
  bytes: Uint8Array,
): Promise<UploadedFile> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ApiError(ApiCode.INVALID_INPUT, 'error_file_too_large')
  const mime = sniffImageType(bytes)
  if (!mime) throw new ApiError(ApiCode.INVALID_INPUT, 'error_file_type')
  const { content, thumbnail } = await reencodeImage(bytes, mime)
  // Deduplicated on the hash of what is stored, not of the upload: the column then describes the bytes
  // served, and the same picture sent twice with different metadata (which we strip) is one file.
  const sha256 = createHash('sha256').update(content).digest('hex')
  const answer = (id: string): UploadedFile => ({ id, mime, size: content.length })
  const now = clock()
  const holder = caller.role === Role.MARKET ? caller.marketId : null
  const existing = await uploadedAgain({ db }, caller.uk, holder, sha256, now)
  if (existing) return answer(existing)
  const [row] = await db
    .insert(files)
    .values({
      sha256,
      mime,
      size: content.length,
      content,
      thumbnail,
      uploadedBy: caller.uk,
      marketId: holder,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: files.id })
  if (row) return answer(row.id)
  // A concurrent upload of the same picture won: answer with its row.
  const winner = await uploadedAgain({ db }, caller.uk, holder, sha256, now)
  if (!winner) throw new Error('file row vanished')
  return answer(winner)
}

/**
 * The uploader's stored file with this content that a form of theirs may still claim, its day started
 * afresh, or null: for platform staff one no market holds yet (a picture a market holds is not
 * answered for another market's form, which could never claim it), for an operator one of its own
 * market's. An update, not a read: a picture sent again while its first upload is being swept is
 * either kept (the sweep meets the updated row and leaves it) or stored anew, never answered with an
 * id about to vanish.
 */
async function uploadedAgain(
  { db }: Deps,
  uploadedBy: string,
  holder: string | null,
  sha256: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(files)
    .set({ createdAt: sql`greatest(${files.createdAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(files.uploadedBy, uploadedBy),
        eq(files.sha256, sha256),
        holder === null ? isNull(files.marketId) : eq(files.marketId, holder),
      ),
    )
    .returning({ id: files.id })
  return row?.id ?? null
}

type Owners = { uploadedBy: string; marketId: string | null }

/** OFFICIAL sees any file; MARKET its market's files and its own uploads. Otherwise 40400, not 40300: whether someone else's file exists is not the caller's business. */
function assertVisible<T extends Owners>(caller: SessionUser, file: T | undefined): asserts file is T {
  const allowed =
    file !== undefined &&
    (caller.role === Role.OFFICIAL ||
      file.uploadedBy === caller.uk ||
      (file.marketId !== null && file.marketId === caller.marketId))
  if (!allowed) throw new ApiError(ApiCode.NOT_FOUND, FILE_NOT_FOUND)
}

/** A file's bytes for a caller allowed to see it. */
export async function readImage(
  { db }: Deps,
  caller: SessionUser,
  id: string,
): Promise<{ content: Uint8Array; mime: string }> {
  const [file] = await db
    .select({ uploadedBy: files.uploadedBy, marketId: files.marketId, content: files.content, mime: files.mime })
    .from(files)
    .where(eq(files.id, id))
    .limit(1)
  assertVisible(caller, file)
  return file
}

/** A file's thumbnail (always WebP) for a caller allowed to see the file. */
export async function readThumbnail({ db }: Deps, caller: SessionUser, id: string): Promise<Uint8Array> {
  const [file] = await db
    .select({ uploadedBy: files.uploadedBy, marketId: files.marketId, thumbnail: files.thumbnail })
    .from(files)
    .where(eq(files.id, id))
    .limit(1)
  assertVisible(caller, file)
  if (file.thumbnail) return file.thumbnail
  // Stored before thumbnails existed (migration 0003): made on first request, then kept.
  const [stored] = await db.select({ content: files.content }).from(files).where(eq(files.id, id)).limit(1)
  const thumbnail = stored ? await thumbnailFromStored(stored.content) : null
  if (!thumbnail) throw new ApiError(ApiCode.NOT_FOUND, FILE_NOT_FOUND)
  await db
    .update(files)
    .set({ thumbnail })
    .where(and(eq(files.id, id), isNull(files.thumbnail)))
  return thumbnail
}
