import * as v from 'valibot'
import { TEST_RESULTS } from './device-api'
import { optionalText } from './fields'
import { listSchema } from './list'

/**
 * Pesticide tests (issue 25 §3) as the history list, its export and a test's dialog show them, and a
 * failed test's follow-up: what the market did about it. Times are ISO 8601 instants (UTC), shown in
 * Asia/Shanghai.
 */

/** What an operator may have done about a failed test (one or more). */
export const FOLLOW_UP_ACTIONS = ['withdrawn', 'destroyed', 'warned', 'retest_passed'] as const
export type FollowUpAction = (typeof FOLLOW_UP_ACTIONS)[number]

/** The longest note a follow-up keeps. */
export const FOLLOW_UP_NOTE_MAX = 500

const NamedSchema = v.object({ id: v.string(), name: v.string() })

export const FollowUpSchema = v.object({
  actions: v.array(v.picklist(FOLLOW_UP_ACTIONS)),
  /** '' when none was written. */
  note: v.string(),
  /** Who recorded it (the server's record of the caller) and when. */
  by: v.object({ uk: v.string(), username: v.string() }),
  at: v.string(),
})
export type FollowUp = v.InferOutput<typeof FollowUpSchema>

const PesticideTestSchema = v.object({
  id: v.string(),
  /** The tester's own id of the event. */
  eventId: v.string(),
  at: v.string(),
  market: NamedSchema,
  /** The merchant at the stall when tested; null for a stall with none. */
  merchant: v.nullable(NamedSchema),
  stallNo: v.string(),
  produce: v.string(),
  /** The enzyme inhibition rate, in percent (one decimal). */
  inhibitionPct: v.number(),
  result: v.picklist(TEST_RESULTS),
  device: v.object({ id: v.string(), code: v.string() }),
  /** A failed test's follow-up once recorded; null otherwise (a passed test never has one). */
  followUp: v.nullable(FollowUpSchema),
})
export type PesticideTest = v.InferOutput<typeof PesticideTestSchema>

export const PesticideTestListSchema = listSchema(PesticideTestSchema)

/** POST /api/pesticide-tests/:id/follow-up: at least one action, each once; an optional note. */
export const FollowUpInputSchema = v.object({
  actions: v.pipe(
    v.array(v.picklist(FOLLOW_UP_ACTIONS, 'validation_invalid'), 'validation_follow_up_actions'),
    v.minLength(1, 'validation_follow_up_actions'),
    v.maxLength(FOLLOW_UP_ACTIONS.length, 'validation_follow_up_actions'),
    v.check((actions) => new Set(actions).size === actions.length, 'validation_follow_up_actions'),
  ),
  note: optionalText(FOLLOW_UP_NOTE_MAX, true),
})
export type FollowUpInput = v.InferInput<typeof FollowUpInputSchema>
