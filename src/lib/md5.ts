/**
 * The password never leaves the browser in clear: the API takes its MD5 hex (SPEC §5).
 * hash-wasm loads on first use (typing a password), not with the sign-in page.
 */
const loadMd5 = () => import('hash-wasm').then((module) => module.md5)

export const preloadPasswordHasher = () => void loadMd5()

export async function hashPassword(password: string): Promise<string> {
  const md5 = await loadMd5()
  return md5(password)
}
