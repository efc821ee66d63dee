import { Star } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'

/**
 * A merchant's credit as stars (issue 26 §3): filled for each of its stars, outlined for the rest, and
 * said in words ("3 of 5 stars") for screen readers and as its tooltip; never colour alone.
 */
export function CreditStars({ stars, className }: { stars: number; className?: string }) {
  const label = m.credit_stars({ stars })
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-stars={stars}
      className={cn('inline-flex items-center gap-0.5 whitespace-nowrap', className)}
    >
      {[1, 2, 3, 4, 5].map((place) => (
        <Star
          key={place}
          aria-hidden
          className={cn(
            'size-3.5',
            place <= stars ? 'fill-current text-amber-500 dark:text-amber-400' : 'text-muted-foreground/50',
          )}
        />
      ))}
    </span>
  )
}
