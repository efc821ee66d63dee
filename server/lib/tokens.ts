import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, URL-safe: session tokens and device secrets. Only a hash of one is ever stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256: enough for 256 random bits (no dictionary to guess from), and fast enough for every call. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}
