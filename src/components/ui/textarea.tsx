import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'min-h-20 w-full rounded border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground',
        'outline-none hover:border-primary-4 focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary-2 aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    />
  )
}
