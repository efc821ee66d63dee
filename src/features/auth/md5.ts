import { md5 } from 'hash-wasm'

/** The password never leaves the browser in clear: the API takes its MD5 hex (SPEC §5). */
export const hashPassword = (password: string) => md5(password)
