import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        'h-9 w-full min-w-0 rounded border border-input bg-card px-3 text-sm text-foreground placeholder:text-muted-foreground',
        'transition-colors outline-none hover:border-primary-4 focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary-2',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'aria-[invalid=true]:border-danger aria-[invalid=true]:focus-visible:ring-danger-subtle',
        className,
      )}
      {...props}
    />
  )
}
