import type { ComplaintDetail } from '@contract/complaints'
import type { ComplaintState } from '@contract/complaint-list'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'

type Step = ComplaintDetail['steps'][number]

/** What each step did, as its history line says it (a state's name reads oddly as an event). */
const STEP_WORDS = {
  received: () => m.complaints_step_received(),
  handling: () => m.complaints_step_handling(),
  resolved: () => m.complaints_step_resolved(),
  withdrawn: () => m.complaints_step_withdrawn(),
} satisfies Record<ComplaintState, () => string>

/** The dot of a closing step in its state's colour; the others in the primary colour. */
const DOT = {
  received: 'bg-primary',
  handling: 'bg-primary',
  resolved: 'bg-success',
  withdrawn: 'bg-muted-foreground',
} satisfies Record<ComplaintState, string>

/** A complaint's history, oldest first, as a timeline: what happened, when, who did it, their note. */
export function ComplaintHistory({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="space-y-0" data-testid="complaint-history">
      {steps.map((step, index) => (
        <li key={`${step.state}-${step.time}`} className="relative flex gap-3 pb-4 last:pb-0" data-state={step.state}>
          {/* The line joining this step to the next. */}
          {index < steps.length - 1 && (
            <span aria-hidden className="absolute top-4 bottom-0 left-[5px] w-px bg-border" />
          )}
          <span
            aria-hidden
            className={cn('mt-1.5 size-[11px] shrink-0 rounded-full ring-2 ring-card', DOT[step.state])}
          />
          <div className="min-w-0 space-y-0.5 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium">{STEP_WORDS[step.state]()}</span>
              <span className="text-muted-foreground tabular-nums">{step.time}</span>
              <span className="text-muted-foreground">{step.actor?.username ?? m.complaints_step_system()}</span>
            </p>
            {step.note && <p className="break-words whitespace-pre-line">{step.note}</p>}
          </div>
        </li>
      ))}
    </ol>
  )
}
