import { clsx, type ClassValue } from 'clsx'
import { mergeClasses } from './class-merge'

/** Joins class names, letting later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs))
}
