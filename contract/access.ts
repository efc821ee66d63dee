import { Role } from './roles'

/**
 * Who may do what, declared once (SPEC §2, DESIGN §10).
 * - each console page's roles are its API area's (contract/pages.ts), so a page never opens for a role
 *   its API refuses. tests/unit/access.test.ts proves the route tree, menu and guard agree.
 * - API_ROLES is the server's side: what each server/<area>/routes.ts passes to `requireRole`, and
 *   what tests/api/permissions.test.ts walks for every caller.
 */
const OFFICIAL = [Role.OFFICIAL] as const
/** Every role that may sign in to the console. */
const CONSOLE = [Role.OFFICIAL, Role.MARKET] as const
/** A market's own operators. */
const MARKET = [Role.MARKET] as const

/** By API area (`/api/<area>`). A MARKET caller is then held to its own market by the area's scope rule. */
export const API_ROLES = {
  user: CONSOLE,
  messages: CONSOLE,
  files: CONSOLE,
  markets: OFFICIAL,
  /** `GET /api/markets/:id/detail`, a market's page: its own operator may read it too. */
  marketDetail: CONSOLE,
  merchants: CONSOLE,
  devices: CONSOLE,
  dashboard: CONSOLE,
  system: OFFICIAL,
  /** The operation log: OFFICIAL every market's entries, MARKET its own market's (server/audit/queries.ts). */
  audit: CONSOLE,
  /** Payments and refunds: OFFICIAL every market's (or the switcher's), MARKET its own (server/transactions/queries.ts). */
  transactions: CONSOLE,
  /** Daily statements: a market's (MARKET its own) and a merchant's (server/statements/service.ts). */
  statements: CONSOLE,
  /** `GET /api/statements/platform`: every market's figures. */
  statementsPlatform: OFFICIAL,
  /** The pesticide-test history: OFFICIAL every market's (or the switcher's), MARKET its own (server/pesticide-tests/queries.ts). */
  pesticideTests: CONSOLE,
  /**
   * `POST /api/pesticide-tests/:id/follow-up`: what the market did about a failed test is recorded by
   * that market's operator, who did it; the platform reads it and does not write it for them.
   */
  pesticideTestFollowUp: MARKET,
  /** Shoppers' complaints: OFFICIAL every market's (or the switcher's), MARKET its own (server/complaints). */
  complaints: CONSOLE,
  /**
   * Licences (issue 26 §1): a merchant's and a market's, the Workplace's counts and a market's rules;
   * OFFICIAL any market's, MARKET its own (server/licences). Written through the merchant and market forms.
   */
  licences: CONSOLE,
  /**
   * A market's credit weights (issue 26 §3): read and set by OFFICIAL for any market, MARKET for its
   * own (as the market's rules are), server/credit.
   */
  credit: CONSOLE,
} as const satisfies Record<string, readonly number[]>
