import { createAtom } from '@tanstack/store'

/**
 * Toasts load on first use (sonner is not part of the sign-in page's download). The toaster is
 * mounted first and the toast sent once it is listening.
 */
export const toasterMountedStore = createAtom(false)
let markReady: () => void = () => {}
const ready = new Promise<void>((resolve) => {
  markReady = resolve
})
export const toasterReady = () => markReady()

const TOAST_DURATION_MS = 5000

/** The id an error toast takes unless given one: the same words said again replace themselves. */
export const errorToastId = (message: string) => `error:${message}`

/**
 * `id` lets a later toast replace an earlier one (loading, then success or error). The same error
 * said again replaces itself rather than stacking (five failed submits, one toast).
 */
export async function showToast(
  kind: 'success' | 'error' | 'info' | 'loading',
  message: string,
  id?: string,
): Promise<void> {
  toasterMountedStore.set(true)
  const [{ toast }] = await Promise.all([import('sonner'), ready])
  const key = id ?? (kind === 'error' ? errorToastId(message) : undefined)
  toast[kind](message, { duration: kind === 'loading' ? Infinity : TOAST_DURATION_MS, ...(key ? { id: key } : {}) })
}

/** Takes a toast away before its time (a form's error toast once the form is saved); nothing if none is shown. */
export async function dismissToast(id: string): Promise<void> {
  if (!toasterMountedStore.get()) return
  const [{ toast }] = await Promise.all([import('sonner'), ready])
  toast.dismiss(id)
}
