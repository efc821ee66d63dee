import { creditCodeCheckChar } from '../../contract/china-ids'
import { md5Hex } from '../../server/lib/passwords'

/** A valid unified social credit code for a number (distinct numbers, distinct codes). */
export function creditCodeFor(n: number): string {
  const first17 = `91131003MA${String(n).padStart(7, '0')}`
  return first17 + creditCodeCheckChar(first17)
}

/** A complete, valid registration form. */
export function marketInput(n: number, overrides: Record<string, unknown> = {}) {
  return {
    paymentBank: 'ICBC',
    accountUsername: `0316${String(100000 + n)}`,
    accountStatus: 1,
    registeredOn: '2026-03-15',
    name: `测试农贸市场 ${n}`,
    creditCode: creditCodeFor(n),
    address: `河北省廊坊市广阳区测试路 ${n} 号`,
    stallCount: 120,
    complaintPhone: '0316-1234567',
    legalPersonName: '王建国',
    legalPersonPhone: '13812345678',
    managerName: '李秀英',
    managerPhone: '13912345678',
    notes: '',
    businessLicenceFileId: null,
    operatingLicenceFileId: null,
    marketPhotoFileIds: [],
    password: md5Hex('Market123'),
    ...overrides,
  }
}
