import type { Meta, StoryObj } from '@storybook/react-vite'
import { KeyRound, Lock, Pencil } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { RowActions } from './row-actions'

const wait = () => new Promise((resolve) => setTimeout(resolve, 800))

/** A row's actions: a direct Edit, and a menu whose actions are confirmed (the dialog waits while one runs). */
function MarketRowActions() {
  return (
    <RowActions
      menuLabel="More actions for 廊坊市新华农贸市场"
      actions={[
        {
          id: 'reset',
          label: 'Reset password',
          icon: KeyRound,
          confirm: { description: 'Give the account 0314888 a new password?' },
          run: wait,
        },
        {
          id: 'freeze',
          label: 'Freeze',
          icon: Lock,
          danger: true,
          confirm: { description: 'Freeze the account of 廊坊市新华农贸市场?' },
          run: wait,
        },
      ]}
    >
      <Button variant="link" size="sm" className="px-1">
        <Pencil aria-hidden className="size-3.5" />
        Edit
      </Button>
    </RowActions>
  )
}

const meta = { title: 'Composite/RowActions', component: MarketRowActions } satisfies Meta<typeof MarketRowActions>
export default meta
type Story = StoryObj<typeof meta>

export const Light: Story = {}
export const Dark: Story = { globals: { theme: 'dark' } }
