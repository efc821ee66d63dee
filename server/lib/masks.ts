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
