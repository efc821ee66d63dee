import { MarketRulesSchema, type MarketRules } from '@contract/licences'
import { m } from '@/paraglide/messages'
import { showToast } from '@/lib/toast'
import { bindField } from '@/components/form/field-binding'
import { NumberField } from '@/components/form/number-field'
import { SectionFormEnd } from '@/components/form/section-form-end'
import { useConsoleForm } from '@/components/form/use-console-form'
import { useSetMarketRules } from './mutations'

/**
 * A market's rules on its page (issue 26): the days of grace it gives merchants to enter missing
 * licences, and the days it gives itself to resolve a complaint. Its own operator sets them (OFFICIAL
 * too); the server checks and audits them.
 */
export function MarketRulesForm({
  marketId,
  rules,
  graceFrom,
}: {
  marketId: string
  rules: MarketRules
  graceFrom: string
}) {
  const save = useSetMarketRules()
  const { form, formProps, failure, submitting } = useConsoleForm({
    schema: MarketRulesSchema,
    defaultValues: rules,
    onSubmit: async (values) => {
      await save.mutateAsync({ id: marketId, rules: values })
      void showToast('success', m.licences_rules_saved())
    },
  })
  return (
    <form {...formProps} className="space-y-3" data-testid="market-rules">
      <div className="grid gap-4 md:grid-cols-2">
        <form.Field name="licenceGraceDays">
          {(field) => (
            <NumberField
              {...bindField(field)}
              label={m.licences_field_grace_days()}
              hint={m.licences_grace_hint({ from: graceFrom })}
              required
            />
          )}
        </form.Field>
        <form.Field name="complaintDeadlineDays">
          {(field) => (
            <NumberField
              {...bindField(field)}
              label={m.licences_field_complaint_deadline_days()}
              hint={m.licences_complaint_days_hint()}
              required
            />
          )}
        </form.Field>
      </div>
      <SectionFormEnd
        failure={failure}
        submitting={submitting}
        submitLabel={m.licences_rules_save()}
        submitTestId="market-rules-save"
      />
    </form>
  )
}
