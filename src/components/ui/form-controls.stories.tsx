import type { Meta, StoryObj } from '@storybook/react-vite'
import { Badge } from './badge'
import { FormField, fieldAria } from './form-field'
import { Input } from './input'
import { Select } from './select'
import { Switch } from './switch'

const meta = { title: 'UI/Form controls' } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

export const Fields: Story = {
  render: () => (
    <div className="grid max-w-2xl gap-4 md:grid-cols-2">
      <FormField id="s-name" label="Market name" required>
        <Input {...fieldAria('s-name')} defaultValue="廊坊市新华农贸市场" />
      </FormField>
      <FormField id="s-code" label="Unified social credit code" required error="Not a valid unified social credit code">
        <Input {...fieldAria('s-code', 'error')} defaultValue="91350100M000100Y44" />
      </FormField>
      <FormField id="s-user" label="Account username" required hint="Area code plus digits, e.g. 0314888">
        <Input {...fieldAria('s-user', null, 'hint')} />
      </FormField>
      <FormField id="s-bank" label="Payment bank" required>
        <Select id="s-bank">
          <option>Industrial and Commercial Bank of China</option>
          <option>Agricultural Bank of China</option>
        </Select>
      </FormField>
    </div>
  ),
}

export const StatusAndSwitch: Story = {
  render: () => (
    <div className="flex items-center gap-4">
      <Badge variant="success">Normal</Badge>
      <Badge variant="danger">Frozen</Badge>
      <Badge>Default</Badge>
      <Badge variant="muted">Muted</Badge>
      <Switch aria-label="Footer" defaultChecked />
    </div>
  ),
}
