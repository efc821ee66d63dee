import type { PaymentBank } from '@contract/markets'
import { m } from '@/paraglide/messages'

export const BANK_LABELS: Record<PaymentBank, () => string> = {
  ICBC: m.bank_icbc,
  ABC: m.bank_abc,
  BOC: m.bank_boc,
  CCB: m.bank_ccb,
  BOCOM: m.bank_bocom,
  PSBC: m.bank_psbc,
  RCC: m.bank_rcc,
}

export const statusLabel = (status: number) => (status === 1 ? m.user_status_normal() : m.user_status_frozen())
