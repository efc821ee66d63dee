/**
 * How personal and bank numbers show where they need only be recognised, not used (the audit log, a
 * merchant's read-only page): one rule each, so every place masks them alike.
 */

/** An ID card number: enough to tell two apart (region and last four), not enough to use. */
export const maskIdCard = (id: string) => (id ? `${id.slice(0, 3)}***********${id.slice(-4)}` : '')

/**
 * A bank or account number: only its last four characters; one of four or fewer is masked whole.
 * Empty (never given) stays empty.
 */
export const maskLastFour = (value: string) => {
  if (!value) return ''
  return value.length > 4 ? `****${value.slice(-4)}` : '****'
}

/**
 * A phone number given by someone who is not a user (a complainant): the first three and last four
 * digits (138****5678), enough to recognise a caller again, not to call them. Short ones are masked whole.
 */
export const maskPhone = (phone: string) => {
  if (!phone) return ''
  if (phone.includes('*')) return phone
  return phone.length >= 8 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****'
}

/** A private person's name: its first character and a star for each of the rest (张**). */
export const maskPersonName = (name: string) => {
  const characters = [...name]
  if (characters.length === 0 || name.includes('*')) return name
  return `${characters[0]}${'*'.repeat(Math.max(1, characters.length - 1))}`
}
