import type { PaymentBank } from '@contract/markets'
import { m } from '@/paraglide/messages'
import type { ImageUploadLabels } from '@/components/image-upload'

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

export function imageUploadLabels(): ImageUploadLabels {
  return {
    add: m.upload_add(),
    remove: (index) => m.upload_remove({ index }),
    uploading: m.upload_uploading(),
    tooLarge: m.error_file_too_large(),
    wrongType: m.error_file_type(),
    limit: (max) => m.upload_limit({ max }),
  }
}
