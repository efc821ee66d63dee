import { Hono } from 'hono'
import {
  MessageListQuerySchema,
  MessageListSchema,
  ReadAllMessagesSchema,
  ReadMessagesSchema,
  ReadResultSchema,
  UnreadCountsSchema,
} from '../../contract/messages'
import { requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate } from '../lib/validate'
import { listMessages, markAllRead, markRead, unreadCounts } from './service'

const tags = ['messages']

/** The signed-in user's message box; every query is scoped to the caller. */
export const messageRoutes = new Hono<AppEnv>()
  .use(requireSession())
  .get(
    '/',
    apiDoc({
      tags,
      summary: "The caller's messages of one type, newest first, in the caller's language (Accept-Language)",
      data: MessageListSchema,
    }),
    validate('query', MessageListQuerySchema),
    async (c) =>
      ok(c, await listMessages(c.var.deps, c.var.user, { query: c.req.valid('query'), locale: c.var.locale })),
  )
  .get('/unread-counts', apiDoc({ tags, summary: 'Unread messages per type', data: UnreadCountsSchema }), async (c) =>
    ok(c, await unreadCounts(c.var.deps, c.var.user)),
  )
  .post(
    '/read',
    apiDoc({ tags, summary: 'Mark messages read by id (unknown or foreign ids are ignored)', data: ReadResultSchema }),
    validate('json', ReadMessagesSchema),
    async (c) => ok(c, { updated: await markRead(c.var.deps, c.var.user, c.req.valid('json')) }),
  )
  .post(
    '/read-all',
    apiDoc({ tags, summary: 'Mark every message of a type read', data: ReadResultSchema }),
    validate('json', ReadAllMessagesSchema),
    async (c) => ok(c, { updated: await markAllRead(c.var.deps, c.var.user, c.req.valid('json')) }),
  )
