import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names, letting later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs))
}

/**
 * Builds tailwind-merge's class map, which its first call does (about a tenth of a list's takeover
 * render under a 4x CPU throttle, issue 24): main.tsx calls it while the route loads, so the render
 * that replaces the frame does not.
 */
export function prepareClassMerge(): void {
  twMerge('')
}
