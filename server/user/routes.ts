import { Hono } from 'hono'
import { MenuSchema, menuForRole } from '../../contract/menu'
import {
  ChangePasswordSchema,
  ClearPasswordResultSchema,
  LoginSchema,
  NullDataSchema,
  ResetPasswordSchema,
  TokenSchema,
  UserInfoSchema,
} from '../../contract/user'
import { requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate } from '../lib/validate'
import { resetAccountPassword } from './accounts'
import { changeOwnPassword, signIn, signOut, userInfo } from './service'

const tags = ['user']

export const userRoutes = new Hono<AppEnv>()
  .post(
    '/login',
    apiDoc({
      tags,
      summary: 'Sign in',
      description:
        'password is the MD5 hex of the password. Wrong credentials: 40100. Frozen or no console role: 40300. Locked after repeated failures: 42900 with data ' +
        JSON.stringify({ retryAfter: 'seconds' }),
      data: TokenSchema,
      auth: 'none',
    }),
    validate('json', LoginSchema),
    async (c) => {
      const token = await signIn(c.var.deps, c.req.valid('json'), c.var.clientAddress)
      return ok(c, { token })
    },
  )
  .post('/info', apiDoc({ tags, summary: 'The signed-in account', data: UserInfoSchema }), requireSession(), (c) =>
    ok(c, userInfo(c.var.user)),
  )
  .post('/menu', apiDoc({ tags, summary: "The role's menu, in menu order", data: MenuSchema }), requireSession(), (c) =>
    ok(c, menuForRole(c.var.user.role)),
  )
  .post('/logout', apiDoc({ tags, summary: 'End this session', data: NullDataSchema }), requireSession(), async (c) => {
    await signOut(c.var.deps, c.var.user.tokenHash)
    return ok(c, null)
  })
  .post(
    '/password',
    apiDoc({
      tags,
      summary: 'Change own password (MD5 hex of old and new); other sessions end',
      description:
        'A wrong current password: 40000. Too many wrong ones: 42900 with data ' +
        JSON.stringify({ retryAfter: 'seconds' }),
      data: NullDataSchema,
    }),
    requireSession(),
    validate('json', ChangePasswordSchema),
    async (c) => {
      await changeOwnPassword(c.var.deps, c.var.user, c.req.valid('json'), c.var.clientAddress)
      return ok(c, null)
    },
  )
  .post(
    '/reset/clearpwd',
    apiDoc({
      tags,
      summary: 'Reset an account to a new random password, returned once',
      description:
        'OFFICIAL: any account that is not OFFICIAL (40300). MARKET: merchant accounts of its own market. The account is signed out everywhere.',
      data: ClearPasswordResultSchema,
    }),
    requireSession(),
    validate('json', ResetPasswordSchema),
    async (c) =>
      ok(c, { clearPwd: await resetAccountPassword(c.var.deps, c.var.user, { uk: c.req.valid('json').uk }) }),
  )
