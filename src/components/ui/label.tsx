import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label data-slot="label" className={cn('text-sm font-medium text-foreground select-none', className)} {...props} />
  )
}
