import type { FollowUpInput } from '@contract/pesticide-tests'
import { api } from '@/lib/api-client'
import { useAreaMutation } from '@/lib/area-mutation'
import { pesticideTestKeys } from './queries'

/** Recording a failed test's follow-up; the dialog shows its failures itself (a 409 says it was recorded already). */
export const useRecordFollowUp = () =>
  useAreaMutation(
    pesticideTestKeys.all,
    ({ id, input }: { id: string; input: FollowUpInput }) =>
      api('/pesticide-tests/:id/follow-up', '$post', { param: { id }, json: input }),
    true,
  )
