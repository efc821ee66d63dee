import type { RegisterComplaintInput, ResolveComplaintInput } from '@contract/complaints'
import { api } from '@/lib/api-client'
import { AREA_KEYS } from '@/lib/area-keys'
import { useAreaMutation } from '@/lib/area-mutation'
import { complaintKeys } from './queries'

/** Each write refreshes every complaint query: the list (state, overdue) and the page (its history). */

/** Registering: the form shows its failures itself. */
export const useRegisterComplaint = () =>
  useAreaMutation(
    complaintKeys.all,
    (input: RegisterComplaintInput) => api('/complaints', '$post', { json: input }),
    true,
  )

/** A step of the handling; the page shows its failures itself (a 40900 refetches the page). */
export const useTakeUpComplaint = () =>
  useAreaMutation(
    complaintKeys.all,
    ({ id, note }: { id: string; note: string }) =>
      api('/complaints/:id/take-up', '$post', { param: { id }, json: { note } }),
    true,
    [AREA_KEYS.dashboard],
  )
export const useResolveComplaint = () =>
  useAreaMutation(
    complaintKeys.all,
    ({ id, input }: { id: string; input: ResolveComplaintInput }) =>
      api('/complaints/:id/resolve', '$post', { param: { id }, json: input }),
    true,
    // An outcome moves the merchant's credit and the Workplace's counts.
    [AREA_KEYS.merchants, AREA_KEYS.dashboard],
  )
export const useWithdrawComplaint = () =>
  useAreaMutation(
    complaintKeys.all,
    ({ id, note }: { id: string; note: string }) =>
      api('/complaints/:id/withdraw', '$post', { param: { id }, json: { note } }),
    true,
    [AREA_KEYS.dashboard],
  )
