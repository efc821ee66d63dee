import type { ComponentProps } from 'react'
import { ChevronDown } from 'lucide-react'
import { cn } from '@/lib/cn'

/** A styled native select: keyboard, screen readers and phones handle it natively. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <span className={cn('relative inline-flex w-full', className)}>
      <select
        data-slot="select"
        className={cn(
          'h-9 w-full cursor-pointer appearance-none rounded border border-input bg-card pr-8 pl-3 text-sm text-foreground',
          'outline-none hover:border-primary-4 focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary-2',
          'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </span>
  )
}
