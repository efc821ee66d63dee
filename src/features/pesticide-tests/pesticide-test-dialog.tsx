import { useId, useState, type FormEvent, type ReactNode } from 'react'
import {
  FOLLOW_UP_ACTIONS,
  FOLLOW_UP_NOTE_MAX,
  type FollowUpAction,
  type PesticideTest,
} from '@contract/pesticide-tests'
import { formatShanghaiTime } from '@contract/time'
import { FOLLOW_UP_ACTION_WORDS, TEST_RESULT_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { errorMessage } from '@/lib/request-errors'
import { showToast } from '@/lib/toast'
import { wordFor } from '@/lib/words'
import { FormFailure } from '@/components/form/form-failure'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Textarea } from '@/components/ui/textarea'
import { useRecordFollowUp } from './mutations'

export type PesticideTestDialogProps = {
  test: PesticideTest
  open: boolean
  onOpenChange: (open: boolean) => void
  /** A MARKET operator records its market's follow-ups; OFFICIAL reads them (the server holds to it). */
  mayRecord: boolean
}

/** What the dialog lists about a test, in a definition list. */
function Facts({ test }: { test: PesticideTest }) {
  const facts: [string, ReactNode][] = [
    [m.pesticide_tests_col_time(), formatShanghaiTime(test.at)],
    [m.pesticide_tests_col_market(), test.market.name],
    [m.pesticide_tests_col_stall(), test.stallNo || '—'],
    [m.pesticide_tests_col_merchant(), test.merchant?.name ?? '—'],
    [m.pesticide_tests_col_inhibition(), test.inhibitionPct.toFixed(1)],
    [
      m.pesticide_tests_col_result(),
      <Badge key="result" variant={test.result === 'fail' ? 'danger' : 'success'}>
        {wordFor(TEST_RESULT_WORDS, test.result)}
      </Badge>,
    ],
    [m.pesticide_tests_col_device(), <span className="font-mono">{test.device.code}</span>],
    [m.pesticide_tests_detail_event(), <span className="font-mono break-all">{test.eventId}</span>],
  ]
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The follow-up's form: what was done (one or more), an optional note; the server records who and when. */
function FollowUpForm({ test, onDone }: { test: PesticideTest; onDone: () => void }) {
  const id = useId()
  const [actions, setActions] = useState<FollowUpAction[]>([])
  const [note, setNote] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const record = useRecordFollowUp()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The contract's rule, said before asking (the note's length is held by the box itself).
    if (actions.length === 0) {
      setFailure(m.validation_follow_up_actions())
      return
    }
    const input = { actions, note }
    setFailure(null)
    record.mutate(
      { id: test.id, input },
      {
        onSuccess: () => {
          void showToast('success', m.pesticide_tests_follow_up_saved())
          onDone()
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    )
  }
  const toggle = (action: FollowUpAction, on: boolean) =>
    setActions((current) => (on ? [...current, action] : current.filter((chosen) => chosen !== action)))
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">{m.pesticide_tests_follow_up_legend()}</legend>
        {FOLLOW_UP_ACTIONS.map((action) => (
          <label key={action} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={actions.includes(action)}
              onChange={(event) => toggle(action, event.target.checked)}
            />
            {wordFor(FOLLOW_UP_ACTION_WORDS, action)}
          </label>
        ))}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          {m.pesticide_tests_follow_up_note_label()}
        </label>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={FOLLOW_UP_NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <FormFailure message={failure} />
      <DialogFooter>
        <Button type="submit" disabled={record.isPending} data-testid="pesticide-follow-up-save">
          {m.pesticide_tests_follow_up_save()}
        </Button>
      </DialogFooter>
    </form>
  )
}

/**
 * A test's dialog: what was tested, where and by which tester, and for a failure its follow-up: as
 * recorded, or the form to record it (a MARKET operator's own market's), or that none is recorded.
 */
export function PesticideTestDialog({ test, open, onOpenChange, mayRecord }: PesticideTestDialogProps) {
  const { followUp } = test
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.pesticide_tests_close()} data-testid="pesticide-test-dialog">
        <DialogHeader>
          <DialogTitle>{m.pesticide_tests_detail_title({ produce: test.produce })}</DialogTitle>
          <DialogDescription>{formatShanghaiTime(test.at)}</DialogDescription>
        </DialogHeader>
        <Facts test={test} />
        {test.result === 'fail' && (
          <section className="space-y-2 border-t border-border pt-3">
            <h3 className="text-sm font-semibold">{m.pesticide_tests_col_follow_up()}</h3>
            {followUp ? (
              <div className="space-y-1 text-sm">
                <p className="flex flex-wrap gap-1.5">
                  {followUp.actions.map((action) => (
                    <Badge key={action} variant="success">
                      {wordFor(FOLLOW_UP_ACTION_WORDS, action)}
                    </Badge>
                  ))}
                </p>
                {followUp.note && <p className="whitespace-pre-wrap">{followUp.note}</p>}
                <p className="text-muted-foreground">
                  {m.pesticide_tests_follow_up_by({
                    name: followUp.by.username,
                    time: formatShanghaiTime(followUp.at),
                  })}
                </p>
              </div>
            ) : mayRecord ? (
              <FollowUpForm test={test} onDone={() => onOpenChange(false)} />
            ) : (
              <p className="text-sm text-muted-foreground">
                {m.pesticide_tests_follow_up_none()} {m.pesticide_tests_follow_up_official()}
              </p>
            )}
          </section>
        )}
      </DialogContent>
    </Dialog>
  )
}
