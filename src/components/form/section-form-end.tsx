import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { FormFailure } from './form-failure'

type SectionFormEndProps = {
  /** Why the last submit failed, from `useConsoleForm`. */
  failure: string | null
  submitting: boolean
  submitLabel: string
  submitTestId: string
  /** Other buttons beside the submit (a reset to defaults). */
  children?: ReactNode
}

/**
 * The end of a small form inside a page's section (a market's rules, its credit rule): its failure,
 * then the save button and any other actions, wrapping on a phone. No cancel: the section stays.
 */
export function SectionFormEnd({ failure, submitting, submitLabel, submitTestId, children }: SectionFormEndProps) {
  return (
    <>
      <FormFailure message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={submitting} data-testid={submitTestId}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </>
  )
}
