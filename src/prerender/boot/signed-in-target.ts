/**
 * Where /login sends a visitor who is signed in already, from its query string: what
 * src/routes/login.tsx's beforeLoad computes (RedirectSearchSchema, then redirectTargetHref). Written
 * without those modules' imports (valibot, the role menu) because the inline boot script that uses it
 * must stay a few hundred bytes; src/prerender/boot/signed-in-target.test.ts holds the two to the same
 * answers.
 */
export function signedInTarget(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect')
  if (!redirect || redirect.length > 2000) return '/dashboard/workplace'
  if (redirect === 'notFound') return '/not-found'
  const safe =
    redirect.startsWith('/') &&
    !redirect.startsWith('//') &&
    !redirect.startsWith('/\\') &&
    !redirect.startsWith('/login')
  return safe ? redirect : '/dashboard/workplace'
}
