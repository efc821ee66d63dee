import type { PaymentMethod } from '@contract/device-api'
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
