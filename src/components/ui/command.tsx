import type { ComponentProps, ReactNode } from 'react'
import { Command as CommandPrimitive } from 'cmdk'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { Search } from 'lucide-react'
import { cn } from '@/lib/cn'
import { useFocusReturn } from './focus-return'

type CommandDialogProps = Omit<ComponentProps<typeof CommandPrimitive>, 'title'> & {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Named for screen readers; the input says the rest. */
  title: string
  description: string
  /** Runs once the dialog has gone and focus is back where it was: what was chosen happens then. */
  onClosed?: () => void
}

/**
 * A command menu (cmdk) in a modal dialog (Radix): focus trapped, Escape closes, and focus goes back
 * to what had it when the dialog opened (./focus-return.ts: a palette opened by a shortcut has no
 * Trigger for Radix to return it to).
 */
export function CommandDialog({
  open,
  onOpenChange,
  title,
  description,
  onClosed,
  className,
  children,
  ...props
}: CommandDialogProps) {
  const focusReturn = useFocusReturn()
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          data-slot="command-dialog"
          className={cn(
            'fixed top-[12vh] left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 overflow-hidden',
            'rounded-lg border border-border bg-popover text-popover-foreground shadow-lg focus:outline-none',
          )}
          onOpenAutoFocus={focusReturn.onOpenAutoFocus}
          onCloseAutoFocus={(event) => {
            focusReturn.onCloseAutoFocus(event)
            onClosed?.()
          }}
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{description}</DialogPrimitive.Description>
          <CommandPrimitive className={cn('flex max-h-[min(70vh,32rem)] flex-col', className)} {...props}>
            {children}
          </CommandPrimitive>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

export function CommandInput({ className, ...props }: ComponentProps<typeof CommandPrimitive.Input>) {
  return (
    <div className="flex items-center gap-2 border-b border-border px-3">
      <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <CommandPrimitive.Input
        className={cn(
          'h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground',
          'disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
        {...props}
      />
    </div>
  )
}

export function CommandList({ className, ...props }: ComponentProps<typeof CommandPrimitive.List>) {
  return (
    <CommandPrimitive.List
      className={cn('min-h-0 flex-1 scroll-py-1 overflow-y-auto overscroll-contain p-1', className)}
      {...props}
    />
  )
}

export function CommandEmpty({ className, ...props }: ComponentProps<typeof CommandPrimitive.Empty>) {
  return <CommandPrimitive.Empty className={cn('py-6 text-center text-sm', className)} {...props} />
}

/** A line that is not an option (searching, failed): kept out of the list's keyboard order. */
export function CommandNote({ className, ...props }: ComponentProps<'p'>) {
  return <p role="status" className={cn('px-3 py-2 text-sm text-muted-foreground', className)} {...props} />
}

type CommandGroupProps = Omit<ComponentProps<typeof CommandPrimitive.Group>, 'heading'> & { heading: string }

/** Options under a heading, which also names the group for screen readers. */
export function CommandGroup({ heading, className, ...props }: CommandGroupProps) {
  return (
    <CommandPrimitive.Group
      // Styled here rather than through [cmdk-group-heading] selectors: those add to the CSS every page loads.
      heading={<span className="block px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">{heading}</span>}
      className={cn('text-foreground', className)}
      {...props}
    />
  )
}

type CommandItemProps = ComponentProps<typeof CommandPrimitive.Item> & {
  icon?: ReactNode
  /** A second line in smaller type (a merchant's market and stall). */
  detail?: string | undefined
}

export function CommandItem({ className, icon, detail, children, ...props }: CommandItemProps) {
  return (
    <CommandPrimitive.Item
      className={cn(
        'flex cursor-pointer items-center gap-2.5 rounded px-2 py-2 text-sm select-none',
        'data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50',
        'data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground',
        className,
      )}
      {...props}
    >
      {icon && <span className="flex size-4 shrink-0 items-center justify-center text-muted-foreground">{icon}</span>}
      <span className="flex min-w-0 flex-col">
        <span data-slot="command-item-label" className="truncate">
          {children}
        </span>
        {detail && <span className="truncate text-xs text-muted-foreground">{detail}</span>}
      </span>
    </CommandPrimitive.Item>
  )
}
