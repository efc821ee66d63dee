import type { MarketRules } from '../../contract/licences'
import { changedFields } from '../lib/audit'
import { editMarketSetting, readMarketSetting } from '../lib/market-settings'
import type { ServerDeps, SessionUser } from '../lib/types'

const RULE_FIELDS = ['licenceGraceDays', 'complaintDeadlineDays'] as const

/**
 * A market's rules (its page's "rules" section): the days of grace for licences missing and the days
 * it gives itself to resolve a complaint; a setting of the market's own (the kit's market settings).
 */
export async function setMarketRules(
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  caller: SessionUser,
  input: { id: string; rules: MarketRules },
): Promise<MarketRules> {
  await editMarketSetting(deps, caller, input.id, {
    fields: RULE_FIELDS,
    change: (before) => ({ set: input.rules, changes: changedFields<MarketRules>(before, input.rules, RULE_FIELDS) }),
  })
  return input.rules
}

/** A market's rules as its page shows them. */
export function getMarketRules(
  deps: Pick<ServerDeps, 'db'>,
  caller: SessionUser,
  id: string,
): Promise<MarketRules & { licenceGraceFrom: string }> {
  return readMarketSetting(deps, caller, id, [...RULE_FIELDS, 'licenceGraceFrom'])
}
