import type { Meta, StoryObj } from '@storybook/react-vite'
import { ApiRequestError } from '@/lib/api-client'
import { AsyncState } from './async-state'
import { PageSkeleton } from './page-skeleton'

const failures = {
  // The browser is online in the story: a request that failed on its way means the server is out of reach.
  unreachable: new ApiRequestError('Network Error', 0, null, 0, 'network'),
  timeout: new ApiRequestError('Request failed with status code 504', 0, null, 504, 'http'),
  server: new ApiRequestError('Internal server error', 50000, null, 500),
  other: new ApiRequestError('Market not found', 40400, null, 404),
}

const meta = { title: 'Composite/AsyncState', component: AsyncState, args: { onRetry: () => {} } } satisfies Meta<
  typeof AsyncState
>
export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
export const Empty: Story = { args: { state: 'empty' } }
export const Unreachable: Story = { args: { state: 'error', error: failures.unreachable } }
export const Timeout: Story = { args: { state: 'error', error: failures.timeout } }
export const ServerError: Story = { args: { state: 'error', error: failures.server } }
export const Other: Story = { args: { state: 'error', error: failures.other } }
export const CompactUnreachable: Story = { args: { state: 'error', error: failures.unreachable, size: 'compact' } }
export const ServerErrorDark: Story = { args: { state: 'error', error: failures.server }, globals: { theme: 'dark' } }
/** What the router shows inside the shell while a page loads. */
export const Page: Story = { args: { state: 'loading' }, render: () => <PageSkeleton /> }
export const PageDark: Story = {
  args: { state: 'loading' },
  render: () => <PageSkeleton />,
  globals: { theme: 'dark' },
}
