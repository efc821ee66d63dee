import * as v from 'valibot'

/** Answer codes shared by server and console (DESIGN.md §5). The HTTP status mirrors each one. */
export const ApiCode = {
  SUCCESS: 20000,
  NOT_SIGNED_IN: 1001,
  /** The session ended because the account was frozen: the console says so instead of 'expired'. */
  ACCOUNT_FROZEN: 1002,
  INVALID_INPUT: 40000,
  WRONG_CREDENTIALS: 40100,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  TOO_MANY_ATTEMPTS: 42900,
  SERVER_ERROR: 50000,
} as const
export type ApiCode = (typeof ApiCode)[keyof typeof ApiCode]

export const FieldErrorSchema = v.object({
  field: v.string(),
  message: v.string(),
})
export type FieldError = v.InferOutput<typeof FieldErrorSchema>

/** The wrapper every answer uses: `{ code, msg, data, isSuccess }`. */
export function envelopeSchema<T extends v.GenericSchema>(data: T) {
  return v.object({
    code: v.number(),
    msg: v.string(),
    data,
    isSuccess: v.boolean(),
  })
}

export const ErrorEnvelopeSchema = envelopeSchema(v.nullable(v.unknown()))

export type Envelope<T> = { code: number; msg: string; data: T; isSuccess: boolean }
