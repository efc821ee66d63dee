import type { Meta, StoryObj } from '@storybook/react-vite'
import { SecretDialog } from './secret-dialog'

const meta = {
  title: 'Composite/SecretDialog',
  component: SecretDialog,
  args: {
    secret: 'Kq7mWx2p',
    onClose: () => {},
    title: 'New password',
    description: 'The new password of 0314888. It is shown only this once: copy it and hand it over safely.',
  },
} satisfies Meta<typeof SecretDialog>
export default meta
type Story = StoryObj<typeof meta>

export const Shown: Story = {}
export const ShownDark: Story = { globals: { theme: 'dark' } }
