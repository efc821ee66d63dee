/** Smallest real image headers for upload tests (content sniffing only reads the first bytes). */
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3])
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 4, 5, 6])
export const WEBP = new Uint8Array([...'RIFF'].map((c) => c.charCodeAt(0)).concat([36, 0, 0, 0], [...'WEBPVP8 '].map((c) => c.charCodeAt(0)), [7, 8, 9]))
export const TEXT = new TextEncoder().encode('just some text pretending to be a picture')

/** A distinct PNG per seed, so dedupe by content does not merge them. */
export const pngNumber = (seed: number) => new Uint8Array([...PNG, seed & 0xff, (seed >> 8) & 0xff])
