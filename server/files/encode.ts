import sharp, { type FormatEnum, type Metadata, type Sharp } from 'sharp'
import { ApiCode } from '../../contract/api'
import { ImageType } from '../../contract/files'
import { ApiError } from '../lib/errors'
import { slots } from './decode-slots'

/**
 * Every upload is decoded and written anew, so what is stored is pixels we produced: bytes after the
 * image (HTML, scripts) and all metadata (EXIF GPS in photos of licences and ID cards, XMP, ICC) are
 * gone. The format is kept: photos stay JPEG, scans and screenshots stay lossless PNG, WebP stays WebP.
 */

/** A 5 MB file can claim any size, and decoding costs width × height × 4 bytes: 40 MP is ~160 MB. */
const MAX_INPUT_PIXELS = 40_000_000
/** Previews in forms and lists: small enough for a grid, sharp enough for a 2× screen at 120 px. */
export const THUMBNAIL_SIDE = 240
export const THUMBNAIL_TYPE = ImageType.WEBP

// Each upload is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false)
const decoding = slots(2)

const FORMATS: Record<ImageType, keyof FormatEnum> = {
  [ImageType.JPEG]: 'jpeg',
  [ImageType.PNG]: 'png',
  [ImageType.WEBP]: 'webp',
}

type EncodedImage = { content: Buffer; thumbnail: Buffer }

function writeAs(image: Sharp, type: ImageType): Sharp {
  if (type === ImageType.JPEG) return image.jpeg({ quality: 90 })
  if (type === ImageType.WEBP) return image.webp({ quality: 90 })
  return image.png()
}

const thumbnailOf = (image: Sharp) =>
  image
    .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })

/** Upright (EXIF orientation applied), first frame only, failing on any decoder warning (untrusted input). */
const decode = (bytes: Uint8Array) =>
  sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, animated: false, failOn: 'warning' })

/** Refuses, before decoding, what is not the sniffed type or has too many pixels (a decompression bomb). */
async function checkHeader(bytes: Uint8Array, type: ImageType): Promise<void> {
  let header: Metadata
  try {
    // Reads the header only; the pixel limit is ours to check so the caller gets its own message.
    header = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw new ApiError(ApiCode.INVALID_INPUT, 'error_file_type')
  }
  if (header.format !== FORMATS[type]) throw new ApiError(ApiCode.INVALID_INPUT, 'error_file_type')
  if (header.width * header.height > MAX_INPUT_PIXELS)
    throw new ApiError(ApiCode.INVALID_INPUT, 'error_image_too_many_pixels')
}

/** The image re-encoded in its own format, and its thumbnail; 40000 for anything that does not decode cleanly. */
export async function reencodeImage(bytes: Uint8Array, type: ImageType): Promise<EncodedImage> {
  await checkHeader(bytes, type)
  return decoding(async () => {
    const image = decode(bytes)
    try {
      const [content, thumbnail] = await Promise.all([
        writeAs(image.clone(), type).toBuffer(),
        thumbnailOf(image.clone()).toBuffer(),
      ])
      return { content, thumbnail }
    } catch {
      throw new ApiError(ApiCode.INVALID_INPUT, 'error_file_type')
    }
  })
}

/** A thumbnail for a file stored before thumbnails existed; null when its bytes do not decode. */
export async function thumbnailFromStored(bytes: Uint8Array): Promise<Buffer | null> {
  return decoding(() =>
    thumbnailOf(decode(bytes))
      .toBuffer()
      .catch(() => null),
  )
}
