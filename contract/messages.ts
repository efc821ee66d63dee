import * as v from 'valibot'
import { PagingSchema, listSchema } from './list'

export const MESSAGE_TYPES = ['message', 'notice', 'todo'] as const
export type MessageType = (typeof MESSAGE_TYPES)[number]
const MessageTypeSchema = v.picklist(MESSAGE_TYPES, 'validation_invalid')

export const MessageListQuerySchema = v.object({
  type: MessageTypeSchema,
  ...PagingSchema,
  /** 0 unread only, 1 read only; absent: both. */
  status: v.optional(v.picklist(['0', '1'], 'validation_invalid')),
})
export type MessageListQuery = v.InferOutput<typeof MessageListQuerySchema>

const MessageSchema = v.object({
  id: v.string(),
  type: MessageTypeSchema,
  title: v.string(),
  subTitle: v.nullable(v.string()),
  avatar: v.nullable(v.string()),
  content: v.string(),
  messageType: v.nullable(v.string()),
  /** 0 unread, 1 read. */
  status: v.number(),
  /** YYYY-MM-DD HH:mm:ss in Asia/Shanghai. */
  time: v.string(),
})
export type Message = v.InferOutput<typeof MessageSchema>
export const MessageListSchema = listSchema(MessageSchema)
export type MessageList = v.InferOutput<typeof MessageListSchema>

export const ReadMessagesSchema = v.object({
  ids: v.pipe(
    v.array(v.pipe(v.string(), v.uuid('validation_invalid')), 'validation_invalid'),
    v.minLength(1, 'validation_required'),
    v.maxLength(200, 'validation_invalid'),
  ),
})
export const ReadAllMessagesSchema = v.object({ type: MessageTypeSchema })
export const ReadResultSchema = v.object({ updated: v.number() })

export const UnreadCountsSchema = v.object({ message: v.number(), notice: v.number(), todo: v.number() })
export type UnreadCounts = v.InferOutput<typeof UnreadCountsSchema>
