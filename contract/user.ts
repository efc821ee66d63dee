import * as v from 'valibot'
import { Md5HexSchema } from './password'
import { cleanText } from './text'

export const UsernameSchema = v.pipe(
  v.string('validation_username_required'),
  cleanText(),
  v.trim(),
  v.nonEmpty('validation_username_required'),
  v.maxLength(64, 'validation_username_too_long'),
)

export const LoginSchema = v.object({
  username: UsernameSchema,
  password: Md5HexSchema,
})
export type LoginInput = v.InferInput<typeof LoginSchema>

export const TokenSchema = v.object({ token: v.string() })

export const UserInfoSchema = v.object({
  uk: v.string(),
  username: v.string(),
  avatar: v.nullable(v.string()),
  role: v.number(),
  status: v.number(),
  /** YYYY-MM-DD HH:mm:ss in Asia/Shanghai. */
  registerTime: v.string(),
  /** The market a MARKET account runs; null for OFFICIAL. */
  marketId: v.nullable(v.string()),
  official: v.boolean(),
})
export type UserInfo = v.InferOutput<typeof UserInfoSchema>

export const ResetPasswordSchema = v.object({
  uk: v.pipe(
    v.string('validation_uk_required'),
    cleanText(),
    v.trim(),
    v.nonEmpty('validation_uk_required'),
    v.maxLength(64, 'validation_uk_required'),
  ),
})
export const ClearPasswordResultSchema = v.object({ clearPwd: v.string() })

export const ChangePasswordSchema = v.object({
  oldPassword: Md5HexSchema,
  newPassword: Md5HexSchema,
})
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordSchema>

export const NullDataSchema = v.null()
