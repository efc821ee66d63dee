import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { bodyLimit } from 'hono/body-limit'
import { secureHeaders } from 'hono/secure-headers'
import * as v from 'valibot'
import { ApiCode, type FieldError } from '../contract/api'
import { docsRoutes } from './docs/routes'
import { dataException } from './lib/db-errors'
import { ApiError } from './lib/errors'
import { isMessageKey, translate } from './lib/i18n'
import { apiDoc } from './lib/openapi'
import { failure, ok } from './lib/respond'
import type { AppDeps, AppEnv, ServerDeps } from './lib/types'
import { requestContext, servedOverHttps } from './middleware/request-context'
import { xsrf } from './middleware/xsrf'
import { clientRoutes, readPrerenderIndex } from './static'
import { deviceApiRoutes } from './device-api/routes'
import { deviceRoutes } from './devices/routes'
import { KeptAnswers } from './lib/kept-answers'
import { auditRoutes } from './audit/routes'
import { transactionRoutes } from './transactions/routes'
import { pesticideTestRoutes } from './pesticide-tests/routes'
import { dashboardRoutes } from './dashboard/routes'
import { fileRoutes } from './files/routes'
import { marketRoutes } from './markets/routes'
import { merchantRoutes } from './merchants/routes'
import { messageRoutes } from './messages/routes'
import { userRoutes } from './user/routes'
import { LiveBus } from './lib/live-bus'
import { streamRoutes } from './live/routes'
import { SessionCache } from './lib/session-cache'
import { ReadRouting } from './db/read-routing'
import { readyRoutes } from './health/ready-routes'
import { shareSessionRevocations } from './user/session-revocations'
import { InstanceMetrics } from './lib/instance-metrics'
import { poolStates, type PoolInfo } from './db/pool-use'
import { devicePresence } from './device-api/presence'
import { metricsRoutes } from './metrics/routes'
import { systemRoutes } from './system/routes'
import { statementRoutes } from './statements/routes'
import { complaintRoutes } from './complaints/routes'
import { licenceRoutes } from './licences/routes'
import { creditRoutes } from './credit/routes'

const HealthSchema = v.object({ status: v.literal('ok') })
const MAX_JSON_BYTES = 256 * 1024
const HSTS = 'max-age=31536000; includeSubDomains'
/** API answers anyone may cache: liveness and the API's documentation. */
const PUBLIC_API_DOCUMENT = /^\/api\/(?:health|openapi\.json|docs(?:\/|$))/

/**
 * Every API area, mounted under /api. The OpenAPI document is generated from this app, and its type
 * (`ApiRoutes`) types the console's requests: routes must stay chained on one expression for that.
 */
function apiRoutes() {
  return new Hono<AppEnv>()
    .get(
      '/health',
      apiDoc({
        tags: ['system'],
        summary: 'Liveness; also hands out the XSRF cookie',
        data: HealthSchema,
        auth: 'none',
      }),
      (c) => ok(c, { status: 'ok' as const }),
    )
    .route('/ready', readyRoutes)
    .route('/metrics', metricsRoutes)
    .route('/system', systemRoutes)
    .route('/user', userRoutes)
    .route('/messages', messageRoutes)
    .route('/markets', marketRoutes)
    .route('/merchants', merchantRoutes)
    .route('/devices', deviceRoutes)
    .route('/files', fileRoutes)
    .route('/dashboard', dashboardRoutes)
    .route('/audit', auditRoutes)
    .route('/transactions', transactionRoutes)
    .route('/statements', statementRoutes)
    .route('/pesticide-tests', pesticideTestRoutes)
    .route('/complaints', complaintRoutes)
    .route('/licences', licenceRoutes)
    .route('/credit', creditRoutes)
    .route('/stream', streamRoutes)
    .route('/device/v1', deviceApiRoutes)
}

/** Builds the whole server on the given dependencies; tests pass an in-memory database and a fake clock. */
export function createApp(given: AppDeps) {
  const deps: ServerDeps = {
    ...given,
    reads: given.reads ?? ReadRouting.primaryOnly(given.db, given.logger),
    sessionCache: given.sessionCache ?? new SessionCache(),
    live: given.live ?? new LiveBus(Date.now, given.logger),
    keptAnswers:
      given.keptAnswers ??
      new KeptAnswers((error: unknown) => given.logger.warn({ err: error }, 'could not refresh a kept answer')),
    metrics: new InstanceMetrics(given.config.metrics?.instance ?? 'local'),
  }
  const pool: PoolInfo = given.pool ?? { driver: 'pglite', max: 1, applicationName: null }
  deps.metrics.watch({
    devicesOnline: () => devicePresence(deps).onlineCount(deps.clock().getTime()),
    liveSubscribers: () => deps.live.subscriberCount,
    pool,
    poolStates: () => poolStates(deps.db, pool),
  })
  deps.live.measureLag((seconds) => deps.metrics.liveLag.observe(seconds))
  // Node's process figures cost a GC observer and an event-loop monitor: only when someone may read them.
  if (given.config.metrics?.token) deps.metrics.collectProcessMetrics()
  if (given.events) shareSessionRevocations(deps.sessionCache, given.events, deps.logger)
  if (given.events && !given.live)
    deps.live
      .listen(given.events)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'not listening for live events'))
  const api = apiRoutes()
  const app = new Hono<AppEnv>()

  app.use(requestContext(deps))
  // Prerendered pages (src/prerender/pages.ts) carry inline boot scripts, allowed by their hashes,
  // which the build computed (scripts/prerender.mjs).
  const prerendered = deps.config.clientDir ? readPrerenderIndex(deps.config.clientDir) : null
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // hash-wasm compiles its MD5 from WebAssembly.
      scriptSrc: [
        "'self'",
        "'wasm-unsafe-eval'",
        ...(prerendered?.scriptHashes ?? []).map((hash) => `'sha256-${hash}'`),
      ],
      // Radix positions popovers with inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    // Both are set below on every answer, not only on documents.
    strictTransportSecurity: false,
    xContentTypeOptions: false,
  })
  // Every answer (assets, documents, API, 404s) gets nosniff, and HSTS when the browser came over
  // HTTPS; set before the handler runs, like X-Request-Id (see request-context.ts). Only documents
  // need the policy headers: on JSON answers and hashed assets they are bytes and work on every call.
  app.use((c, next) => {
    const path = c.req.path
    c.header('X-Content-Type-Options', 'nosniff')
    if (servedOverHttps(c, deps.config.trustProxy)) c.header('Strict-Transport-Security', HSTS)
    if (path.startsWith('/assets/')) return next()
    if (path.startsWith('/api/')) {
      // no-store on every API answer but the public documents: simpler than tracking which routes
      // require a session, and it covers the sign-in answer, which carries a token. An answer that
      // sets its own Cache-Control (an image by id) overrides it.
      if (!PUBLIC_API_DOCUMENT.test(path)) c.header('Cache-Control', 'no-store')
      if (path !== '/api/docs') return next()
    }
    return documentHeaders(c, next)
  })
  app.use(xsrf())
  // JSON bodies are small; a huge one is refused before it is read (uploads have their own limit).
  const jsonLimit = bodyLimit({
    maxSize: MAX_JSON_BYTES,
    onError: () => {
      throw new ApiError(ApiCode.INVALID_INPUT, 'error_body_too_large')
    },
  })
  app.use('/api/*', (c, next) => {
    if (c.req.path === '/api/files') return next()
    // Only a chunked body is counted as it streams (wrapping the stream costs a call the node
    // adapter's fast path); a declared length is checked at once; no length and no chunks: no body.
    const declared = c.req.header('content-length')
    if (declared === undefined) return c.req.header('transfer-encoding') ? jsonLimit(c, next) : next()
    if (Number(declared) > MAX_JSON_BYTES) throw new ApiError(ApiCode.INVALID_INPUT, 'error_body_too_large')
    return next()
  })
  app.route('/api', api)
  app.route('/api', docsRoutes(api))
  app.all('/api/*', (c) => failure(c, ApiCode.NOT_FOUND, 'error_api_not_found', null, { path: c.req.path }))
  if (deps.config.clientDir) app.route('/', clientRoutes(deps.config.clientDir, prerendered))

  app.notFound((c) => failure(c, ApiCode.NOT_FOUND, 'error_not_found'))
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      if (
        error.code === ApiCode.TOO_MANY_ATTEMPTS &&
        error.data &&
        typeof error.data === 'object' &&
        'retryAfter' in error.data
      ) {
        c.header('Retry-After', String(error.data.retryAfter))
      }
      // Field errors may carry message keys (a service's own check): the caller reads them in words.
      const fields = Array.isArray(error.data)
        ? (error.data as FieldError[]).map(({ field, message }) => ({
            field,
            message: isMessageKey(message) ? translate(c.var.locale, message) : message,
          }))
        : null
      const response = failure(c, error.code, error.messageKey, fields ?? error.data, error.params)
      // A single field error is the clearest message to show in a toast.
      if (error.code === ApiCode.INVALID_INPUT && fields?.[0]) {
        return c.json({ code: error.code, msg: fields[0].message, data: fields, isSuccess: false }, 400)
      }
      return response
    }
    if (error instanceof HTTPException && error.status === 400) {
      return failure(c, ApiCode.INVALID_INPUT, 'error_malformed_json')
    }
    // The database refused a value the schemas let through (a NUL, an impossible date): the caller's
    // input, not our fault. Logged at warn so a schema that should have caught it gets noticed.
    const sqlState = dataException(error)
    if (sqlState) {
      deps.logger.warn({ reqId: c.get('requestId'), sqlState, path: c.req.path }, 'database refused input')
      return failure(c, ApiCode.INVALID_INPUT, 'error_invalid_input')
    }
    deps.logger.error({ reqId: c.get('requestId'), err: error }, 'unhandled error')
    return failure(c, ApiCode.SERVER_ERROR, 'error_server')
  })
  return app
}

/** The API's routes with their inputs and answers, for the console's typed requests (src/lib/api-routes.ts). */
export type ApiRoutes = ReturnType<typeof apiRoutes>
