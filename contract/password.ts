import * as v from 'valibot'

/** The password policy (SPEC §5): at least six characters with upper- and lowercase letters and digits. */
const PASSWORD_MIN_LENGTH = 6
const PASSWORD_MAX_LENGTH = 64

export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password)
  )
}

/** A clear-text password as typed, checked before the client hashes it. Messages are message keys. */
export const ClearPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty('validation_password_required'),
  v.check(meetsPasswordPolicy, 'validation_password_policy'),
)

/** What travels: the MD5 hex digest of the password, never the password itself. */
export const Md5HexSchema = v.pipe(
  v.string('validation_password_required'),
  v.nonEmpty('validation_password_required'),
  v.regex(/^[0-9a-f]{32}$/i, 'validation_password_md5'),
  v.toLowerCase(),
)
