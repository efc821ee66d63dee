import { Hono, type MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import { ApiCode } from '../../contract/api'
import {
  BatchResultSchema,
  DeviceBatchSchema,
  HeartbeatSchema,
  MAX_BATCH_EVENTS,
  RejectedEventSchema,
} from '../../contract/device-api'
import { ApiError } from '../lib/errors'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import { validate } from '../lib/validate'
import { requireDevice, type DeviceEnv } from './auth'
import { limitCallRate } from './call-rate'
import { ingestBatch } from './ingest'
import { devicePresence } from './presence'

const tags = ['device API']
const answers = {
  400: {
    description: 'code 40000: invalid input (a refused batch lists every bad event in data.rejected)',
    schema: v.object({ rejected: v.array(RejectedEventSchema) }),
  },
  429: {
    description:
      'code 42900: too many failed device sign-ins from this code or address, or calls faster than the allowance (5 a second, 20 at once); Retry-After says when',
  },
  500: { description: 'code 50000: server error; the batch was not stored, send it again' },
}

/**
 * Counts a batch refused before its events are read (not JSON, not a list of 1 to 500 events): the
 * ingest, which counts every other outcome, never sees it.
 */
const countShapeRefusals: MiddlewareHandler<DeviceEnv> = async (c, next) => {
  await next()
  const error = c.error
  // The validator's refusal carries field errors (a list); the ingest's names events ({ rejected }).
  const shape =
    (error instanceof ApiError && error.code === ApiCode.INVALID_INPUT && Array.isArray(error.data)) ||
    (error instanceof HTTPException && error.status === 400)
  if (!shape) return
  const body: unknown = await c.req.json().catch(() => null)
  const events = body && typeof body === 'object' && 'events' in body ? body.events : null
  c.var.deps.metrics.batchRefused(Array.isArray(events) && events.length > MAX_BATCH_EVENTS ? 'batch_too_big' : 'batch')
}

/**
 * /api/device/v1: what terminals, scales, counters and testers call (docs/device-api.md). HTTP Basic
 * with the device's code and secret; no console session, no XSRF.
 */
export const deviceApiRoutes = new Hono<DeviceEnv>()
  .use(requireDevice(), limitCallRate())
  .post(
    '/heartbeat',
    apiDoc({
      tags,
      summary: 'I am here: the device counts as online for two minutes',
      auth: 'device',
      data: HeartbeatSchema,
      answers,
    }),
    async (c) => {
      const device = c.var.device
      const now = c.var.deps.clock()
      await devicePresence(c.var.deps).seen(device, now)
      return ok(c, {
        serverTime: now.toISOString(),
        device: { code: device.code, kind: device.kind, stallNo: device.stallNo },
      })
    },
  )
  .post(
    '/events',
    apiDoc({
      tags,
      summary: 'A batch of up to 500 events, stored whole or not at all, each once',
      description:
        "Payments, refunds, passenger counts and pesticide tests, each with the device's own id. A resent or overlapping batch stores nothing twice: `accepted` lists the ids stored now, `duplicates` those stored before. Any bad event refuses the whole batch (40000, `data.rejected` names each by index and id with the reason). Times more than 10 minutes ahead are refused; older ones (a backlog) are accepted.",
      auth: 'device',
      data: BatchResultSchema,
      answers,
    }),
    countShapeRefusals,
    validate('json', DeviceBatchSchema),
    async (c) => ok(c, await ingestBatch(c.var.deps, c.var.device, c.req.valid('json').events, c.var.locale)),
  )
