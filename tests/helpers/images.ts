import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

/**
 * Real images for upload tests: the server decodes every upload, so headers alone no longer pass.
 * PNGs are written by hand (synchronously, for e2e file inputs); the rest with sharp.
 */

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG of `width` × `height` whose raw rows (without filter bytes) `row(y)` gives; 8-bit RGB unless said. */
function encodePng(
  width: number,
  height: number,
  row: (y: number) => Uint8Array,
  { bitDepth = 8, colourType = 2 } = {},
): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([bitDepth, colourType, 0, 0, 0], 8)
  const raw = Buffer.concat(Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), row(y)])))
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]),
  )
}

/** A distinct 2 × 2 PNG per seed (its colour), so dedupe by content does not merge them. */
export const pngNumber = (seed: number) =>
  encodePng(2, 2, () => new Uint8Array([seed & 0xff, (seed >> 8) & 0xff, 0x5a, seed & 0xff, (seed >> 8) & 0xff, 0x5a]))
export const PNG = pngNumber(0)
export const TEXT = new TextEncoder().encode('just some text pretending to be a picture')

/** A decompression bomb: 8000 × 6000 (48 MP), 1-bit grey, a few kilobytes on disk. */
export const hugePng = () => encodePng(8000, 6000, () => new Uint8Array(1000), { bitDepth: 1, colourType: 0 })

/** A solid-colour image of the given size, as sharp writes it. */
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })

export const jpeg = (width = 4, height = 2) => solid(width, height).jpeg().toBuffer()
export const webp = (width = 4, height = 2) => solid(width, height).webp().toBuffer()

const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '39/1 54/1 2700/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '116/1 23/1 1700/100',
}

/** A 4 × 2 JPEG photo, optionally taken "sideways" (EXIF orientation 6: shown 2 × 4) and with its GPS position in EXIF. */
export function photo({ sideways = false, gps = false }: { sideways?: boolean; gps?: boolean } = {}): Promise<Buffer> {
  let image = solid(4, 2).jpeg()
  if (sideways) image = image.withMetadata({ orientation: 6 })
  if (gps) image = image.withExifMerge({ IFD3: GPS })
  return image.toBuffer()
}

/** Whether EXIF holds a pointer to a GPS block (tag 0x8825, either byte order). */
export function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))
}

/** An animated WebP: two 4 × 4 frames, red then green. */
export async function animatedWebp(): Promise<Buffer> {
  const frame = (r: number, g: number) =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: { r, g, b: 0 } } })
      .png()
      .toBuffer()
  return sharp([await frame(255, 0), await frame(0, 255)], { join: { animated: true } })
    .webp({ loop: 0, delay: [100, 100] })
    .toBuffer()
}

export const HTML = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>')
export const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))
