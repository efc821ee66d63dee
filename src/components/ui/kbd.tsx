import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/** A key or shortcut as the keyboard shows it (⌘K, Ctrl K). */
export function Kbd({ className, ...props }: ComponentProps<'kbd'>) {
  return (
    <kbd
      className={cn(
        'inline-flex h-5 items-center gap-0.5 rounded border border-border bg-muted px-1.5 font-sans text-[11px] font-medium text-muted-foreground',
        className,
      )}
      {...props}
    />
  )
}
