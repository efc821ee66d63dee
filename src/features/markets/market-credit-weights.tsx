import { CREDIT_REASONS, type CreditWeights } from '@contract/credit'
import { CreditWeightsSchema } from '@contract/credit-weights'
import { CREDIT_REASON_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { showToast } from '@/lib/toast'
import { addValidationMessages } from '@/lib/validation-messages'
import { wordFor } from '@/lib/words'
import { bindField } from '@/components/form/field-binding'
import { NumberField } from '@/components/form/number-field'
import { SectionFormEnd } from '@/components/form/section-form-end'
import { useConsoleForm } from '@/components/form/use-console-form'
import { Button } from '@/components/ui/button'
import { useSetCreditWeights } from './mutations'

// The schema's one key of its own, worded with this form's chunk rather than with every form's.
addValidationMessages({ validation_credit_weight: m.validation_credit_weight })

type MarketCreditWeightsFormProps = {
  marketId: string
  /** The weights in force. */
  weights: CreditWeights
  defaults: CreditWeights
}

/**
 * A market's credit rule on its page (issue 26 §3): the demerit points each kind of record adds, each
 * said to be the default or not, with the star steps beside them. Its own operator sets them (OFFICIAL
 * too); the server checks, audits and recomputes every merchant's stars at once.
 */
export function MarketCreditWeightsForm({ marketId, weights, defaults }: MarketCreditWeightsFormProps) {
  const save = useSetCreditWeights()
  const { form, formProps, failure, submitting } = useConsoleForm({
    schema: CreditWeightsSchema,
    defaultValues: weights,
    onSubmit: async (values) => {
      await save.mutateAsync({ id: marketId, weights: values })
      void showToast('success', m.credit_weights_saved())
    },
  })
  return (
    <form {...formProps} className="space-y-3" data-testid="market-credit-weights">
      <p className="text-sm text-muted-foreground">{m.credit_weights_hint()}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {CREDIT_REASONS.map((reason) => (
          <form.Field key={reason} name={reason}>
            {(field) => (
              <NumberField
                {...bindField(field)}
                label={wordFor(CREDIT_REASON_WORDS, reason)}
                hint={
                  field.state.value === defaults[reason]
                    ? m.credit_weight_default({ weight: defaults[reason] })
                    : m.credit_weight_market_set({ weight: defaults[reason] })
                }
                required
              />
            )}
          </form.Field>
        ))}
      </div>
      {/* Not the merchant page's credit_rule: sharing it would move it to a chunk every page loads. */}
      <p className="text-sm text-muted-foreground">{m.credit_weights_steps()}</p>
      <SectionFormEnd
        failure={failure}
        submitting={submitting}
        submitLabel={m.credit_weights_save()}
        submitTestId="market-credit-weights-save"
      >
        <Button
          type="button"
          size="sm"
          variant="outline"
          data-testid="market-credit-weights-reset"
          onClick={() => {
            for (const reason of CREDIT_REASONS) form.setFieldValue(reason, defaults[reason])
          }}
        >
          {m.credit_weights_reset()}
        </Button>
      </SectionFormEnd>
    </form>
  )
}
