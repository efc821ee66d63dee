import type { ComponentProps } from 'react'
import { Slot } from 'radix-ui'
import { cva, type VariantProps } from 'class-variance-authority'
import { Loader2 } from 'lucide-react'
import { cn } from '@/lib/cn'

export const buttonVariants = cva(
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded text-sm font-medium whitespace-nowrap transition-colors ' +
    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background focus-visible:outline-none ' +
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary-solid text-primary-foreground hover:bg-primary-solid-hover',
        secondary: 'bg-muted text-foreground hover:bg-accent',
        outline: 'border border-input bg-card text-foreground hover:border-primary hover:text-primary',
        ghost: 'text-foreground hover:bg-accent',
        danger: 'bg-danger text-danger-foreground hover:opacity-90',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3',
        default: 'h-9 px-4',
        lg: 'h-10 px-6',
        icon: 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean; loading?: boolean }

/**
 * The class list for a variant, size and className, worked out once: a table draws hundreds of the
 * same buttons, and merging Tailwind classes is most of what a button costs to draw. Bounded, in case a
 * caller builds its classes on the fly.
 */
const classCache = new Map<string, string>()
function buttonClass(variant: ButtonProps['variant'], size: ButtonProps['size'], className: string | undefined) {
  const key = `${String(variant)}|${String(size)}|${className ?? ''}`
  let value = classCache.get(key)
  if (value === undefined) {
    value = cn(buttonVariants({ variant, size, className }))
    if (classCache.size >= 500) classCache.clear()
    classCache.set(key, value)
  }
  return value
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  if (asChild) {
    return (
      <Slot.Root data-slot="button" className={buttonClass(variant, size, className)} {...props}>
        {children}
      </Slot.Root>
    )
  }
  // A busy button keeps focus (a disabled one drops it to the page's start, and a keyboard user with
  // it): it says it is disabled and ignores clicks instead. A form's submit button is disabled outright,
  // so Enter in a field cannot send the form a second time.
  const keepsFocus = loading && !disabled && props.type !== 'submit'
  return (
    <button
      data-slot="button"
      className={buttonClass(variant, size, className)}
      disabled={disabled || (loading && !keepsFocus)}
      aria-busy={loading || undefined}
      aria-disabled={keepsFocus || undefined}
      {...props}
      onClick={keepsFocus ? undefined : props.onClick}
    >
      {loading && <Loader2 aria-hidden className="size-4 animate-spin" />}
      {children}
    </button>
  )
}
