import type { PaymentMethod, TestResult } from '@contract/device-api'
import type { RankingPeriod } from '@contract/dashboard'
import { PAYMENT_METHOD_WORDS, TEST_RESULT_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { wordFor } from '@/lib/words'

/** Words for the dashboard contract's fixed choices, as functions so they follow a language switch. */

export const methodLabel = (method: PaymentMethod) => wordFor(PAYMENT_METHOD_WORDS, method)

export const testResultLabel = (result: TestResult) => wordFor(TEST_RESULT_WORDS, result)

const PERIOD: Record<RankingPeriod, () => string> = {
  today: m.dashboard_period_today,
  '7d': m.dashboard_period_7d,
  '30d': m.dashboard_period_30d,
}
export const periodLabel = (period: RankingPeriod) => PERIOD[period]()
