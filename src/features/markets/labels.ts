import type { PaymentBank } from '@contract/markets'
import { MARKET_STATUSES } from '@contract/market-list'
import { MARKET_STATUS_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { wordFor, wordOptions } from '@/lib/words'

export const BANK_LABELS: Record<PaymentBank, () => string> = {
  ICBC: m.bank_icbc,
  ABC: m.bank_abc,
  BOC: m.bank_boc,
  CCB: m.bank_ccb,
  BOCOM: m.bank_bocom,
  PSBC: m.bank_psbc,
  RCC: m.bank_rcc,
}

export const statusLabel = (status: number) => wordFor(MARKET_STATUS_WORDS, String(status))
export const statusOptions = () => wordOptions(MARKET_STATUSES, MARKET_STATUS_WORDS)
