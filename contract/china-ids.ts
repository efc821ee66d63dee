/** Checks for identifiers China's registries define (DESIGN.md §6). Pure functions, no imports. */

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY'
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28]

/** The check character of a unified social credit code's first 17 characters (GB 32100-2015, mod 31). */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(first17[i] as string) * (USCC_WEIGHTS[i] as number)
  return USCC_CHARS[(31 - (sum % 31)) % 31] as string
}

/** Unified social credit code: 18 characters, the last a check character. */
export function isUnifiedSocialCreditCode(value: string): boolean {
  const code = value.toUpperCase()
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false
  return code[17] === creditCodeCheckChar(code.slice(0, 17))
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'

/** 18-digit resident ID card number (GB 11643-1999): valid birth date and ISO 7064 MOD 11-2 check. */
export function isIdCardNumber(value: string): boolean {
  const id = value.toUpperCase()
  if (!/^\d{17}[\dX]$/.test(id)) return false
  const year = Number(id.slice(6, 10))
  const month = Number(id.slice(10, 12))
  const day = Number(id.slice(12, 14))
  const birth = new Date(Date.UTC(year, month - 1, day))
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day || birth.getTime() > Date.now())
    return false
  return id[17] === idCardCheckChar(id.slice(0, 17))
}

/** The check character of an ID card number's first 17 digits (ISO 7064 MOD 11-2). */
export function idCardCheckChar(first17: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] as number)
  return ID_CHECK[sum % 11] as string
}

/**
 * What an ID card number says of its holder: the age on `today` (YYYY-MM-DD) and the gender (the
 * 17th digit: odd for men). Null for a number that is not valid.
 */
export function idCardFacts(value: string, today: string): { age: number; gender: 'male' | 'female' } | null {
  if (!isIdCardNumber(value)) return null
  const birth = value.slice(6, 14)
  const now = today.replaceAll('-', '')
  const age = Number(now.slice(0, 4)) - Number(birth.slice(0, 4)) - (now.slice(4) < birth.slice(4) ? 1 : 0)
  return { age: Math.max(age, 0), gender: Number(value[16]) % 2 === 1 ? 'male' : 'female' }
}

/** Mainland mobile number: 11 digits starting 13–19. */
export const isMainlandMobile = (value: string) => /^1[3-9]\d{9}$/.test(value)

/** A landline with its area code (0316-1234567 or 03161234567) or a mobile number. */
export const isPhoneNumber = (value: string) => isMainlandMobile(value) || /^0\d{2,3}-?\d{7,8}$/.test(value)
