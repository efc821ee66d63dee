import { ImageType } from '../../contract/files'

/**
 * The image type from the file's first bytes; the name and the client's Content-Type are never trusted.
 * Only a cheap first gate: the decoder then has to agree (server/files/encode.ts).
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i] ?? -1
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return ImageType.JPEG
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return ImageType.PNG
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return ImageType.WEBP
  return null
}
