import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

type FormSectionProps = { title: string; children: ReactNode; columns?: 1 | 2; className?: string }

/** A titled group of fields (a fieldset, so screen readers name the group), two columns from md up. */
export function FormSection({ title, children, columns = 2, className }: FormSectionProps) {
  return (
    <fieldset className={cn('rounded-lg border border-border bg-card p-5', className)}>
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      <div className={cn('grid gap-4', columns === 2 && 'md:grid-cols-2')}>{children}</div>
    </fieldset>
  )
}
