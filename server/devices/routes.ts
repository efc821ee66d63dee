import { Hono } from 'hono'
import { API_ROLES } from '../../contract/access'
import {
  BindDeviceSchema,
  DeviceDetailSchema,
  DeviceIdParamSchema,
  DeviceListQuerySchema,
  DeviceListSchema,
  DeviceSecretSchema,
} from '../../contract/devices'
import { NullDataSchema } from '../../contract/user'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate, validateRecordId } from '../lib/validate'
import { getDevice, listDevices } from './queries'
import { bindDevice, rotateDeviceSecret, unbindDevice } from './service'

const tags = ['devices']
const scopeNote =
  'A MARKET caller sees only its own market whatever `market` says; an OFFICIAL caller sees `market`, or every market without it.'

/** Device management: OFFICIAL and MARKET, every read and write held to the caller's market scope. */
export const deviceRoutes = new Hono<AppEnv>()
  .use(requireSession(), requireRole(...API_ROLES.devices))
  .get(
    '/',
    apiDoc({
      tags,
      summary: 'Bound devices, paged, sorted and filtered (online = seen in the last 2 minutes)',
      description: scopeNote,
      data: DeviceListSchema,
    }),
    validate('query', DeviceListQuerySchema),
    async (c) => ok(c, await listDevices(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .post(
    '/',
    apiDoc({
      tags,
      summary: 'Bind a device to a stall; answers its secret, shown once',
      description:
        'Payment terminals and scales name a merchant of the market (the stall is theirs); counters and testers name a place (stallNo). OFFICIAL names marketId; a MARKET caller binds in its own market. 40900: the code is bound already.',
      data: DeviceSecretSchema,
    }),
    validate('json', BindDeviceSchema),
    async (c) => ok(c, await bindDevice(c.var.deps, c.var.user, c.req.valid('json'))),
  )
  .get(
    '/:id',
    apiDoc({
      tags,
      summary: "A device's page: one binding, bound or since unbound, with its stall, merchant and market",
      description:
        "A MARKET caller reads only its own market's devices: another market's id, or one that is not a uuid, answers 40400 as an unknown one does. Online = bound and seen in the last 2 minutes. Never a secret.",
      data: DeviceDetailSchema,
      answers: { 404: { description: 'code 40400: no such device in your scope' } },
    }),
    validateRecordId('error_device_record_not_found'),
    async (c) => ok(c, await getDevice(c.var.deps, c.var.user, c.req.valid('param'))),
  )
  .post(
    '/:id/unbind',
    apiDoc({
      tags,
      summary: 'Unbind a device: its secret stops working at once, its history stays',
      data: NullDataSchema,
    }),
    validate('param', DeviceIdParamSchema),
    async (c) => {
      await unbindDevice(c.var.deps, c.var.user, c.req.valid('param'))
      return ok(c, null)
    },
  )
  .post(
    '/:id/rotate-secret',
    apiDoc({
      tags,
      summary: 'A new secret for the device, shown once; the old one stops working',
      data: DeviceSecretSchema,
    }),
    validate('param', DeviceIdParamSchema),
    async (c) => ok(c, await rotateDeviceSecret(c.var.deps, c.var.user, c.req.valid('param'))),
  )
