import type { PaymentMethod, TestResult } from '@contract/device-api'
import type { RankingPeriod } from '@contract/dashboard'
import { m } from '@/paraglide/messages'

/** Words for the dashboard contract's fixed choices, as functions so they follow a language switch. */

const METHOD: Record<PaymentMethod, () => string> = {
  wechat: m.dashboard_method_wechat,
  alipay: m.dashboard_method_alipay,
  unionpay: m.dashboard_method_unionpay,
  cash: m.dashboard_method_cash,
  other: m.dashboard_method_other,
}
export const methodLabel = (method: PaymentMethod) => METHOD[method]()

export const testResultLabel = (result: TestResult) =>
  result === 'pass' ? m.dashboard_test_pass() : m.dashboard_test_fail()

const PERIOD: Record<RankingPeriod, () => string> = {
  today: m.dashboard_period_today,
  '7d': m.dashboard_period_7d,
  '30d': m.dashboard_period_30d,
}
export const periodLabel = (period: RankingPeriod) => PERIOD[period]()
