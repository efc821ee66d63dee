import { randomBytes, randomInt, scrypt, timingSafeEqual, createHash } from 'node:crypto'
import { promisify } from 'node:util'

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

const N = 16384
const R = 8
const P = 1
const KEY_LENGTH = 32

/** Hash of the MD5 hex the client sends: scrypt with a per-user salt, parameters kept in the string. */
export async function hashPassword(md5Hex: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(md5Hex, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 })
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(md5Hex: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false
  const expected = Buffer.from(keyText, 'base64')
  const key = await scryptAsync(md5Hex, Buffer.from(saltText, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A hash no password matches, compared against when the username is unknown (same timing). */
export const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='

export const md5Hex = (text: string) => createHash('md5').update(text).digest('hex')

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const LOWER = 'abcdefghijkmnopqrstuvwxyz'
const DIGITS = '23456789'
const ALL = UPPER + LOWER + DIGITS

/** A random 12-character password that meets the policy, without look-alike characters (0/O, 1/l/I). */
export function generateClearPassword(length = 12): string {
  const pick = (set: string) => set[randomInt(set.length)] as string
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)]
  while (chars.length < length) chars.push(pick(ALL))
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j] as string, chars[i] as string]
  }
  return chars.join('')
}
