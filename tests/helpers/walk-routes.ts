import { API_ROLES } from '../../contract/access'
import { DEFAULT_CREDIT_WEIGHTS } from '../../contract/credit'
import { md5Hex } from '../../server/lib/passwords'
import { payment } from './devices'
import { marketInput } from './market-input'
import { merchantInput } from './merchant-input'
import { Role } from './test-app'
import { TRADED_AT, type Caller, type Place, type World } from './walk-world'

/**
 * Every API route in one table (DESIGN §10), for the permission walk (tests/api/permissions.test.ts).
 * A row names the record it acts on through the caller: an operator always aims at the OTHER market's
 * merchant, device, file, notice or account and asks for the other market in `?market=` (and must get
 * nothing of it); OFFICIAL aims at market C, which its edits, freezes and unbinds may change.
 */

/** Who a row lets in: an API area's roles (contract/access.ts), anyone, or a bound device. */
type Area = keyof typeof API_ROLES | 'public' | 'device'
/** How an answer that lets the caller through is read. */
type Kind = 'json' | 'csv' | 'image' | 'stream' | 'page'

export type Aim = {
  caller: Caller
  /** The record a request names: the other market's for an operator, C's for OFFICIAL. */
  target: Place
  /** The caller's own market's (C's for OFFICIAL, A's for everyone else). */
  own: Place
  /** `market=…` as the caller asks: the other market for an operator, nothing (all markets) for OFFICIAL. */
  scope: string
  world: World
}

export type Row = {
  method: string
  /** Tells apart rows of one route in the report. */
  note?: string
  /** As the server lists it (its :id), for the check that every route has a row. */
  route: string
  area: Area
  path?: (aim: Aim) => string
  body?: (aim: Aim) => unknown
  kind?: Kind
  /** The code a caller let through gets (20000 unless said). */
  ok?: number
  /** The code an operator gets for the other market's record (its own scope hides it). */
  foreign?: number
  /**
   * Answers that must show rows: `scope` the caller's markets' (every market for OFFICIAL), `own` its
   * own market's. Proves the answers searched for foreign rows are not simply empty.
   */
  shows?: 'scope' | 'own'
}

const TARGET = {
  marketA: 'B',
  marketB: 'A',
  official: 'C',
} as const satisfies Partial<Record<Caller, 'A' | 'B' | 'C'>>
const OWN = { marketB: 'B', official: 'C' } as const satisfies Partial<Record<Caller, 'A' | 'B' | 'C'>>

export function aimOf(world: World, caller: Caller): Aim {
  const target = world.places[caller in TARGET ? TARGET[caller as keyof typeof TARGET] : 'B']
  return {
    caller,
    target,
    own: world.places[caller in OWN ? OWN[caller as keyof typeof OWN] : 'A'],
    scope: caller === 'official' ? '' : `market=${target.marketId}`,
    world,
  }
}

const roleOf: Partial<Record<Caller, number>> = { marketA: Role.MARKET, marketB: Role.MARKET, official: Role.OFFICIAL }

/** The code a caller must get for a row. */
export function expectedCode(row: Row, caller: Caller): number {
  if (row.area === 'public') return row.ok ?? 20000
  // The device API takes a bound device's code and secret, nothing else.
  if (row.area === 'device') return caller === 'deviceA' ? (row.ok ?? 20000) : 40100
  if (caller === 'frozen') return 1002
  const role = roleOf[caller]
  // No session of a console account: a device's Basic credentials, a merchant's session, garbage.
  if (role === undefined) return 1001
  if (!(API_ROLES[row.area] as readonly number[]).includes(role)) return 40300
  if (role === Role.MARKET && row.foreign !== undefined) return row.foreign
  return row.ok ?? 20000
}

const q = (path: string, aim: Aim, more = '') => {
  const query = [aim.scope, more].filter(Boolean).join('&')
  return query ? `${path}?${query}` : path
}
let serial = 0
const WIDGETS = ['today', 'daily', 'ranking', 'passengers', 'minutes', 'methods', 'transactions', 'tests']
/** Widgets whose answers name merchants or markets. */
const NAMING_WIDGETS = new Set(['ranking', 'transactions', 'tests'])

export const TABLE: Row[] = [
  { method: 'GET', route: '/api/health', area: 'public' },
  { method: 'GET', route: '/api/ready', area: 'public' },
  // Off in the walk's app (no METRICS_TOKEN): 404 for everyone, as an unknown path (tests/api/metrics.test.ts).
  { method: 'GET', route: '/api/metrics', area: 'public', ok: 40400 },
  { method: 'GET', route: '/api/system', area: 'system' },
  {
    method: 'POST',
    route: '/api/user/login',
    area: 'public',
    // A name of its own per caller: failed sign-ins are counted per name.
    body: (aim) => ({ username: `nobody-${aim.caller}`, password: md5Hex('Wrong123') }),
    ok: 40100,
  },
  { method: 'POST', route: '/api/user/info', area: 'user' },
  { method: 'POST', route: '/api/user/menu', area: 'user' },
  {
    method: 'POST',
    route: '/api/user/password',
    area: 'user',
    body: () => ({ oldPassword: md5Hex('Wrong123'), newPassword: md5Hex('Another123') }),
    ok: 40000,
  },
  {
    method: 'POST',
    route: '/api/user/reset/clearpwd',
    area: 'user',
    body: (aim) => ({ uk: aim.target.merchantAccountUk }),
    foreign: 40300,
  },
  { method: 'GET', route: '/api/messages', area: 'messages', path: () => '/api/messages?type=notice', shows: 'scope' },
  { method: 'GET', route: '/api/messages/unread-counts', area: 'messages' },
  {
    method: 'POST',
    route: '/api/messages/read',
    area: 'messages',
    // Another reader's notice: marks nothing (proved after the walk), says nothing of it.
    body: (aim) => ({ ids: [aim.target.noticeId] }),
  },
  { method: 'POST', route: '/api/messages/read-all', area: 'messages', body: () => ({ type: 'todo' }) },
  { method: 'GET', route: '/api/markets', area: 'markets', shows: 'scope' },
  {
    method: 'GET',
    route: '/api/markets',
    note: 'palette search',
    area: 'markets',
    path: () => '/api/markets?q=QZX&pageSize=5',
    shows: 'scope',
  },
  { method: 'GET', route: '/api/markets/options', area: 'markets', shows: 'scope' },
  {
    method: 'GET',
    route: '/api/markets/username-available',
    area: 'markets',
    path: () => '/api/markets/username-available?username=0316123456',
  },
  { method: 'POST', route: '/api/markets', area: 'markets', body: () => marketInput(40) },
  { method: 'GET', route: '/api/markets/:id', area: 'markets', path: (aim) => `/api/markets/${aim.target.marketId}` },
  // A market's page: OFFICIAL any market, an operator its own; another market's is simply not found.
  {
    method: 'GET',
    route: '/api/markets/:id/detail',
    area: 'marketDetail',
    note: 'own',
    path: (aim) => `/api/markets/${aim.own.marketId}/detail`,
    shows: 'own',
  },
  {
    method: 'GET',
    route: '/api/markets/:id/detail',
    area: 'marketDetail',
    note: "the other market's",
    path: (aim) => `/api/markets/${aim.target.marketId}/detail`,
    foreign: 40400,
  },
  {
    method: 'PUT',
    route: '/api/markets/:id',
    area: 'markets',
    path: (aim) => `/api/markets/${aim.target.marketId}`,
    body: () => marketInput(3, { name: 'QZXC 农贸市场' }),
  },
  {
    method: 'POST',
    route: '/api/markets/:id/freeze',
    area: 'markets',
    path: (aim) => `/api/markets/${aim.target.marketId}/freeze`,
  },
  {
    method: 'POST',
    route: '/api/markets/:id/unfreeze',
    area: 'markets',
    path: (aim) => `/api/markets/${aim.target.marketId}/unfreeze`,
  },
  {
    method: 'POST',
    route: '/api/markets/:id/reset-password',
    area: 'markets',
    path: (aim) => `/api/markets/${aim.target.marketId}/reset-password`,
  },
  {
    method: 'GET',
    route: '/api/merchants',
    area: 'merchants',
    path: (aim) => q('/api/merchants', aim),
    shows: 'scope',
  },
  {
    method: 'GET',
    route: '/api/merchants',
    note: 'palette search',
    area: 'merchants',
    path: (aim) => q('/api/merchants', aim, 'q=QZX&pageSize=5'),
    shows: 'scope',
  },
  {
    method: 'GET',
    route: '/api/audit',
    area: 'audit',
    path: (aim) => q('/api/audit', aim, 'pageSize=100'),
    shows: 'scope',
  },
  {
    method: 'GET',
    route: '/api/audit/export',
    area: 'audit',
    path: (aim) => q('/api/audit/export', aim),
    kind: 'csv',
    shows: 'scope',
  },
  {
    method: 'GET',
    route: '/api/transactions',
    area: 'transactions',
    path: (aim) => q('/api/transactions', aim, 'pageSize=100'),
    shows: 'scope',
  },
  {
    method: 'GET',
    route: '/api/transactions/export',
    area: 'transactions',
    path: (aim) => q('/api/transactions/export', aim),
    kind: 'csv',
    shows: 'scope',
  },
  {
    method: 'GET',
    route: '/api/transactions/:id',
    area: 'transactions',
    note: 'own',
    path: (aim) => `/api/transactions/${aim.world.paymentIds[aim.own.name]}`,
    shows: 'own',
  },
  {
    method: 'GET',
    route: '/api/transactions/:id',
    area: 'transactions',
    note: "the other market's",
    path: (aim) => `/api/transactions/${aim.world.paymentIds[aim.target.name]}`,
    foreign: 40400,
  },
  {
    method: 'GET',
    route: '/api/pesticide-tests',
    area: 'pesticideTests',
    path: (aim) => q('/api/pesticide-tests', aim, 'pageSize=100'),
    shows: 'scope',
  },
  {
    method: 'GET',
    route: '/api/pesticide-tests/export',
    area: 'pesticideTests',
    path: (aim) => q('/api/pesticide-tests/export', aim),
    kind: 'csv',
    shows: 'scope',
  },
  {
    method: 'POST',
    route: '/api/pesticide-tests/:id/follow-up',
    area: 'pesticideTestFollowUp',
    note: 'own',
    path: (aim) => `/api/pesticide-tests/${aim.world.testIds[aim.own.name]}/follow-up`,
    body: () => ({ actions: ['withdrawn'], note: '' }),
  },
  {
    method: 'POST',
    route: '/api/pesticide-tests/:id/follow-up',
    area: 'pesticideTestFollowUp',
    note: "the other market's",
    path: (aim) => `/api/pesticide-tests/${aim.world.testIds[aim.target.name]}/follow-up`,
    body: () => ({ actions: ['withdrawn'], note: '' }),
    foreign: 40400,
  },
  {
    method: 'GET',
    route: '/api/complaints',
    area: 'complaints',
    path: (aim) => q('/api/complaints', aim, 'pageSize=100'),
    shows: 'scope',
  },
  // Counts name no market: their scope is proven in tests/api/complaints.test.ts.
  {
    method: 'GET',
    route: '/api/complaints/counts',
    area: 'complaints',
    path: (aim) => q('/api/complaints/counts', aim),
  },
  {
    method: 'GET',
    route: '/api/complaints/export',
    area: 'complaints',
    path: (aim) => q('/api/complaints/export', aim),
    kind: 'csv',
    shows: 'scope',
  },
  {
    method: 'POST',
    route: '/api/complaints',
    area: 'complaints',
    // Registering in the other market: an operator names only its own.
    body: (aim) => ({
      marketId: aim.target.marketId,
      channel: 'in_person',
      category: 'quality',
      stallNo: `${aim.target.marker}-9`,
      description: 'walk',
    }),
    foreign: 40300,
  },
  {
    method: 'GET',
    route: '/api/complaints/:id',
    area: 'complaints',
    note: 'own',
    path: (aim) => `/api/complaints/${aim.own.complaints.handled}`,
    shows: 'own',
  },
  {
    method: 'GET',
    route: '/api/complaints/:id',
    area: 'complaints',
    note: "the other market's",
    path: (aim) => `/api/complaints/${aim.target.complaints.handled}`,
    foreign: 40400,
  },
  // OFFICIAL moves C's complaints on (take up, then resolve; the other withdrawn); an operator aims at the other market's.
  {
    method: 'POST',
    route: '/api/complaints/:id/take-up',
    area: 'complaints',
    path: (aim) => `/api/complaints/${aim.target.complaints.handled}/take-up`,
    body: () => ({ note: '' }),
    foreign: 40400,
  },
  {
    method: 'POST',
    route: '/api/complaints/:id/resolve',
    area: 'complaints',
    path: (aim) => `/api/complaints/${aim.target.complaints.handled}/resolve`,
    body: () => ({ outcome: 'upheld', remedies: ['refund'], note: '' }),
    foreign: 40400,
  },
  {
    method: 'POST',
    route: '/api/complaints/:id/withdraw',
    area: 'complaints',
    path: (aim) => `/api/complaints/${aim.target.complaints.withdrawn}/withdraw`,
    body: () => ({ note: '' }),
    foreign: 40400,
  },
  { method: 'GET', route: '/api/licences/counts', area: 'licences', path: (aim) => q('/api/licences/counts', aim) },
  ...(['merchants', 'markets'] as const).flatMap((holder) => [
    {
      method: 'GET',
      route: `/api/licences/${holder}/:id`,
      area: 'licences' as const,
      note: 'own',
      path: (aim: Aim) => `/api/licences/${holder}/${holder === 'merchants' ? aim.own.merchantId : aim.own.marketId}`,
    },
    {
      method: 'GET',
      route: `/api/licences/${holder}/:id`,
      area: 'licences' as const,
      note: "the other market's",
      path: (aim: Aim) =>
        `/api/licences/${holder}/${holder === 'merchants' ? aim.target.merchantId : aim.target.marketId}`,
      foreign: 40400,
    },
  ]),
  {
    method: 'GET',
    route: '/api/licences/markets/:id/rules',
    area: 'licences',
    note: 'own',
    path: (aim) => `/api/licences/markets/${aim.own.marketId}/rules`,
  },
  {
    method: 'GET',
    route: '/api/licences/markets/:id/rules',
    area: 'licences',
    note: "the other market's",
    path: (aim) => `/api/licences/markets/${aim.target.marketId}/rules`,
    foreign: 40400,
  },
  {
    method: 'PUT',
    route: '/api/licences/markets/:id/rules',
    area: 'licences',
    path: (aim) => `/api/licences/markets/${aim.target.marketId}/rules`,
    body: () => ({ licenceGraceDays: 30, complaintDeadlineDays: 7 }),
    foreign: 40400,
  },
  {
    method: 'GET',
    route: '/api/credit/markets/:id/weights',
    area: 'credit',
    note: 'own',
    path: (aim) => `/api/credit/markets/${aim.own.marketId}/weights`,
  },
  {
    method: 'GET',
    route: '/api/credit/markets/:id/weights',
    area: 'credit',
    note: "the other market's",
    path: (aim) => `/api/credit/markets/${aim.target.marketId}/weights`,
    foreign: 40400,
  },
  {
    method: 'PUT',
    route: '/api/credit/markets/:id/weights',
    area: 'credit',
    path: (aim) => `/api/credit/markets/${aim.target.marketId}/weights`,
    body: () => ({ ...DEFAULT_CREDIT_WEIGHTS, complaint_upheld: 4 }),
    foreign: 40400,
  },
  {
    method: 'GET',
    route: '/api/merchants/export',
    area: 'merchants',
    path: (aim) => q('/api/merchants/export', aim),
    kind: 'csv',
    shows: 'scope',
  },
  {
    method: 'POST',
    route: '/api/merchants',
    area: 'merchants',
    // Registering in the other market: an operator names only its own.
    body: (aim) => merchantInput(60 + serial++, { marketId: aim.target.marketId }),
    foreign: 40300,
  },
  {
    method: 'GET',
    route: '/api/merchants/:id',
    area: 'merchants',
    note: 'own',
    path: (aim) => `/api/merchants/${aim.own.merchantId}`,
    shows: 'own',
  },
  {
    method: 'GET',
    route: '/api/merchants/:id',
    area: 'merchants',
    note: "the other market's",
    path: (aim) => `/api/merchants/${aim.target.merchantId}`,
    foreign: 40400,
  },
  {
    method: 'GET',
    route: '/api/merchants/:id/detail',
    area: 'merchants',
    note: 'own',
    path: (aim) => `/api/merchants/${aim.own.merchantId}/detail`,
    shows: 'own',
  },
  {
    method: 'GET',
    route: '/api/merchants/:id/detail',
    area: 'merchants',
    note: "the other market's",
    path: (aim) => `/api/merchants/${aim.target.merchantId}/detail`,
    foreign: 40400,
  },
  {
    method: 'PUT',
    route: '/api/merchants/:id',
    area: 'merchants',
    path: (aim) => `/api/merchants/${aim.target.merchantId}`,
    body: (aim) => merchantInput(aim.target.name === 'A' ? 1 : aim.target.name === 'B' ? 2 : 3, { name: 'Renamed' }),
    foreign: 40400,
  },
  ...['leave', 'return', 'reset-password'].map((action): Row => ({
    method: 'POST',
    route: `/api/merchants/:id/${action}`,
    area: 'merchants',
    path: (aim) => `/api/merchants/${aim.target.merchantId}/${action}`,
    foreign: 40400,
  })),
  { method: 'GET', route: '/api/devices', area: 'devices', path: (aim) => q('/api/devices', aim), shows: 'scope' },
  {
    method: 'POST',
    route: '/api/devices',
    area: 'devices',
    body: (aim) => ({
      code: `WALK-${aim.caller}`,
      kind: 'passenger_counter',
      merchantId: null,
      stallNo: 'GATE-9',
      marketId: aim.target.marketId,
    }),
    foreign: 40300,
  },
  // Before the unbind below: a device's page, bound or not.
  {
    method: 'GET',
    route: '/api/devices/:id',
    area: 'devices',
    note: 'own',
    path: (aim) => `/api/devices/${aim.own.counter.id}`,
    shows: 'own',
  },
  {
    method: 'GET',
    route: '/api/devices/:id',
    area: 'devices',
    note: "the other market's",
    path: (aim) => `/api/devices/${aim.target.counter.id}`,
    foreign: 40400,
  },
  // The counter (C's terminal went with its merchant's leaving); rotating first: unbinding ends it.
  ...['rotate-secret', 'unbind'].map((action): Row => ({
    method: 'POST',
    route: `/api/devices/:id/${action}`,
    area: 'devices',
    path: (aim) => `/api/devices/${aim.target.counter.id}/${action}`,
    foreign: 40400,
  })),
  {
    method: 'GET',
    route: '/api/stream',
    area: 'dashboard',
    path: (aim) => q('/api/stream', aim),
    kind: 'stream',
  },
  ...WIDGETS.map((widget): Row => ({
    method: 'GET',
    route: `/api/dashboard/${widget}`,
    area: 'dashboard',
    path: (aim) => q(`/api/dashboard/${widget}`, aim, widget === 'ranking' ? 'period=30d' : ''),
    ...(NAMING_WIDGETS.has(widget) ? { shows: 'scope' as const } : {}),
  })),
  // Statements (issue 25 §2): OFFICIAL names its market C; an operator asks for the other market and
  // gets its own; another market's merchant is not found.
  ...['', '/export'].flatMap((tail): Row[] => [
    {
      method: 'GET',
      route: `/api/statements/market${tail}`,
      area: 'statements',
      path: (aim) =>
        aim.caller === 'official'
          ? `/api/statements/market${tail}?market=${aim.own.marketId}`
          : q(`/api/statements/market${tail}`, aim),
      ...(tail ? { kind: 'csv' as const } : {}),
      shows: 'own',
    },
    {
      method: 'GET',
      route: `/api/statements/platform${tail}`,
      area: 'statementsPlatform',
      path: () => `/api/statements/platform${tail}`,
      ...(tail ? { kind: 'csv' as const } : {}),
      shows: 'scope',
    },
    {
      method: 'GET',
      route: `/api/statements/merchant/:id${tail}`,
      area: 'statements',
      path: (aim) => `/api/statements/merchant/${aim.target.merchantId}${tail}`,
      ...(tail ? { kind: 'csv' as const } : {}),
      foreign: 40400,
    },
  ]),
  { method: 'POST', route: '/api/device/v1/heartbeat', area: 'device' },
  {
    method: 'POST',
    route: '/api/device/v1/events',
    area: 'device',
    body: (aim) => ({ events: [payment(`walk-${aim.caller}`, 100, TRADED_AT)] }),
  },
  { method: 'POST', route: '/api/files', area: 'files', kind: 'json' },
  {
    method: 'GET',
    route: '/api/files/:id',
    area: 'files',
    note: 'own',
    path: (aim) => `/api/files/${aim.own.fileId}`,
    kind: 'image',
  },
  {
    method: 'GET',
    route: '/api/files/:id',
    area: 'files',
    note: "the other market's",
    path: (aim) => `/api/files/${aim.target.fileId}`,
    kind: 'image',
    foreign: 40400,
  },
  {
    method: 'GET',
    route: '/api/files/:id/thumbnail',
    area: 'files',
    note: 'own',
    path: (aim) => `/api/files/${aim.own.fileId}/thumbnail`,
    kind: 'image',
  },
  {
    method: 'GET',
    route: '/api/files/:id/thumbnail',
    area: 'files',
    note: "the other market's",
    path: (aim) => `/api/files/${aim.target.fileId}/thumbnail`,
    kind: 'image',
    foreign: 40400,
  },
  { method: 'GET', route: '/api/openapi.json', area: 'public', kind: 'page' },
  { method: 'GET', route: '/api/docs', area: 'public', kind: 'page' },
  { method: 'GET', route: '/api/docs/assets/init.js', area: 'public', kind: 'page' },
  {
    method: 'GET',
    route: '/api/docs/assets/:file',
    area: 'public',
    path: () => '/api/docs/assets/swagger-ui.css',
    kind: 'page',
  },
  // Last: it ends the caller's session.
  { method: 'POST', route: '/api/user/logout', area: 'user' },
]
