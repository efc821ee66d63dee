import { idCardCheckChar } from '../../contract/china-ids'
import type { MerchantFieldsInput } from '../../contract/merchants'
import { creditCodeFor } from './market-input'

/** A valid ID card number for a number: born 1980-05-17 in Langfang, distinct per n (< 1000). */
export function idCardFor(n: number): string {
  const first17 = `13100319800517${String(n % 1000).padStart(3, '0')}`
  return first17 + idCardCheckChar(first17)
}

/** A complete, valid merchant registration (stall A-n, distinct numbers per n). */
export function merchantInput(n: number, overrides: Partial<MerchantFieldsInput> & { marketId?: string } = {}) {
  return {
    name: `测试商户 ${n}`,
    bankMerchantNo: `10203${String(n).padStart(6, '0')}`,
    otherBankNo: '',
    paymentSubMerchantNo: '',
    stallNo: `A-${n}`,
    phone: `139${String(n).padStart(8, '0')}`,
    idCardNo: idCardFor(n),
    creditCode: n % 2 === 0 ? creditCodeFor(90000 + n) : '',
    category: 'vegetables' as const,
    age: 46,
    gender: 'male' as const,
    political: '' as const,
    education: '' as const,
    address: `河北省廊坊市广阳区 ${n} 号`,
    notes: '',
    healthCertificateFileId: null,
    foodLicenceFileId: null,
    ...overrides,
  }
}
