import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { DateField } from './date-field'
import { FormFailure } from './form-failure'
import { FormSection } from './form-section'
import { NumberField } from './number-field'
import { SelectField } from './select-field'
import { TextareaField } from './textarea-field'
import { TextField } from './text-field'

/** The kit's fields with plain state (a real form binds them with `bindField`), with errors and hints shown. */
function Fields({ errors }: { errors: boolean }) {
  const [name, setName] = useState('廊坊市新华农贸市场')
  const [code, setCode] = useState('91350100M000100Y44')
  const [stalls, setStalls] = useState(Number.NaN)
  const [bank, setBank] = useState<'ICBC' | 'ABC'>('ICBC')
  const [day, setDay] = useState('2024-03-01')
  const [notes, setNotes] = useState('')
  return (
    <form noValidate className="max-w-3xl space-y-5">
      <FormSection title="Market">
        <TextField name="name" label="Market name" value={name} onChange={setName} required />
        <TextField
          name="creditCode"
          label="Unified social credit code"
          hint="18 characters, as on the business licence"
          value={code}
          onChange={setCode}
          error={errors ? 'Not a valid unified social credit code' : undefined}
          required
        />
        <NumberField
          name="stallCount"
          label="Stall count"
          value={stalls}
          onChange={setStalls}
          error={errors ? 'A whole number of 0 or more' : undefined}
          required
        />
        <SelectField
          name="paymentBank"
          label="Payment bank"
          hint="Cannot be changed once the market is registered"
          options={[
            { value: 'ICBC', label: 'Industrial and Commercial Bank of China' },
            { value: 'ABC', label: 'Agricultural Bank of China' },
          ]}
          value={bank}
          onChange={setBank}
          required
        />
        <DateField name="registeredOn" label="Registration date" value={day} onChange={setDay} required />
      </FormSection>
      <FormSection title="Notes" columns={1}>
        <TextareaField name="notes" label="Notes" value={notes} onChange={setNotes} maxLength={500} />
      </FormSection>
      <FormFailure message={errors ? 'This credit code is already registered' : null} />
    </form>
  )
}

const meta = { title: 'Form/Fields', component: Fields } satisfies Meta<typeof Fields>
export default meta
type Story = StoryObj<typeof meta>

export const Filled: Story = { args: { errors: false } }
export const WithErrors: Story = { args: { errors: true } }
export const WithErrorsDark: Story = { args: { errors: true }, globals: { theme: 'dark' } }
